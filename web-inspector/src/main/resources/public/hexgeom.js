// Flat-top hex geometry in axial coordinates (Red Blob Games' conventions): centres, corners, shared sides.
export const SIZE = 30;                 // centre to corner, in SVG units
const SQRT3 = Math.sqrt(3);

export function center(q, r) { return [SIZE * 1.5 * q, SIZE * SQRT3 * (r + q / 2)]; }

export function corners(x, y, size = SIZE) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * 60 * i;
    pts.push((x + size * Math.cos(a)).toFixed(1) + "," + (y + size * Math.sin(a)).toFixed(1));
  }
  return pts.join(" ");
}

/** The two ends of the side shared by adjacent hexes centred at a and b. */
export function sideEnds([ax, ay], [bx, by]) {
  const mx = (ax + bx) / 2, my = (ay + by) / 2;
  const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy) || 1;
  const px = -dy / len * SIZE / 2, py = dx / len * SIZE / 2;
  return [mx + px, my + py, mx - px, my - py];
}

/** The bounding box of every centre, padded by a hex. */
export function bounds(centers) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of centers) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
  if (x0 === Infinity) return { x: 0, y: 0, w: 100, h: 100 };
  return { x: x0 - SIZE * 1.2, y: y0 - SIZE * 1.2, w: x1 - x0 + SIZE * 2.4, h: y1 - y0 + SIZE * 2.4 };
}
