// The inspector's HTTP API (/api): JSON in, JSON out; a non-2xx answer becomes an ApiError with the server's message.
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || "HTTP " + status);
    this.status = status;
    this.body = body || {};
  }
}

// the hash of the position whose state the page holds: an answer may then patch that state
let have = () => null;
export function stateHave(fn) { have = fn; }

// who the page sees the game as ("auto": the side to act; a side; null: the designer, everything)
let viewer = () => null;
export function viewAs(fn) { viewer = fn; }

/** A game's path with the page's "view as" (?as=): every answer about the game is then as that side sees it. */
export function withView(path) {
  const as = viewer();
  if (!as || !/^\/api\/(games|saves)/.test(path)) return path;
  return path + (path.indexOf("?") < 0 ? "?" : "&") + "as=" + encodeURIComponent(as);
}

// raw: the body is text already, of that content type (a save is JSON, a batch's CSV text/csv)
export async function api(method, path, body, raw) {
  path = withView(path);
  const init = { method, headers: {} };
  const h = have();
  if (h) init.headers["X-State-Have"] = h;
  if (body !== undefined) {
    init.headers["Content-Type"] = typeof raw === "string" ? raw : "application/json";
    init.body = raw ? body : JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { error: text.slice(0, 300) }; }
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

export const get = (path) => api("GET", path);
export const post = (path, body) => api("POST", path, body === undefined ? {} : body);
export const put = (path, body) => api("PUT", path, body);
export const del = (path) => api("DELETE", path);
