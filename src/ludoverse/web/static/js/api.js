// The HTTP API and the seat tokens this browser holds.

export class ApiError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch { /* empty body */ }
  if (!res.ok) {
    const msg = data?.message || (Array.isArray(data?.detail) ? data.detail.map((d) => d.msg).join("; ") : res.statusText);
    throw new ApiError(data?.error || String(res.status), msg);
  }
  return data;
}

export const api = {
  get: (path) => call("GET", path),
  post: (path, body) => call("POST", path, body),
  games: () => call("GET", "/api/games"),
  tables: () => call("GET", "/api/tables"),
  table: (id) => call("GET", `/api/tables/${id}`),
  create: (body) => call("POST", "/api/tables", body),
  join: (id, seat, name, token) => call("POST", `/api/tables/${id}/join`, { seat, name, token }),
  leave: (id, token) => call("POST", `/api/tables/${id}/leave`, { token }),
  toBot: (id, seat, token, bot) => call("POST", `/api/tables/${id}/seats/${seat}/bot`, { token, bot }),
  undo: (id, token) => call("POST", `/api/tables/${id}/undo`, { token }),
  upload: (record) => call("POST", "/api/records", record),
  replay: (id, step, token) => call("GET", `/api/replays/${id}?step=${step}` + (token ? `&token=${encodeURIComponent(token)}` : "")),
};

// Tokens are kept per table in localStorage, so a reload or a new tab keeps the seat.
export const tokens = {
  get(table) { return localStorage.getItem(`ludoverse:${table}`); },
  set(table, token) { localStorage.setItem(`ludoverse:${table}`, token); },
  drop(table) { localStorage.removeItem(`ludoverse:${table}`); },
};
