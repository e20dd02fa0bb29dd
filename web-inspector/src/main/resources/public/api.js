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

// raw: the body is text already, of that content type (a save is JSON, a batch's CSV text/csv)
export async function api(method, path, body, raw) {
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
