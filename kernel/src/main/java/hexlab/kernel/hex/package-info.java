/**
 * Hex geometry and search: coordinates, the board, path search over a cost function, line of sight.
 *
 * <p>The vocabulary is that of Red Blob Games' hexagonal grid guide: a {@link hexlab.kernel.hex.Hex}
 * is an axial coordinate (q, r) with cube s = -q - r; an {@link hexlab.kernel.hex.Offset} is the
 * printed column and row; a {@link hexlab.kernel.hex.HexLayout} converts between them for a flat-top
 * board whose ids are XXYY. A {@link hexlab.kernel.hex.HexMap} numbers its hexes 0..size-1 in id order
 * so that rules and searches work on plain int arrays.
 *
 * <p>Nothing here knows a game's rules: what a hexside feature or a blocked hex means is said by the
 * caller, through a {@link hexlab.kernel.hex.MoveCost} or an {@link java.util.function.IntPredicate}.
 */
package hexlab.kernel.hex;
