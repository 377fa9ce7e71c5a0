// The server's HTTP and WebSocket API (docs/api.md).

import { serverError } from './errors.js';

/** An API error: the status, the server's message, its code and params (docs/api.md, "Error codes"). */
export class ApiError extends Error {
  constructor(status, message, code = 'http', params = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

/** A JSON request to the server: its answer, or an ApiError. */
export async function request(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
  });
  const type = res.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await res.json() : await res.text();
  if (!res.ok) {
    if (data && data.error) throw new ApiError(res.status, data.error, data.code, data.params);
    throw new ApiError(res.status, `HTTP ${res.status}`);
  }
  return data;
}

export const api = {
  catalogue: () => request('GET', '/api/catalogue'),
  me: () => request('GET', '/api/me'),
  guest: () => request('POST', '/api/guest'),
  signup: (username, password) => request('POST', '/api/signup', { username, password }),
  signin: (username, password) => request('POST', '/api/signin', { username, password }),
  signout: () => request('POST', '/api/signout'),
  bots: () => request('GET', '/api/bots'),
  createBot: (name) => request('POST', '/api/bots', { name }),
  revokeBot: (name) => request('DELETE', `/api/bots/${encodeURIComponent(name)}`),
  lobby: () => request('GET', '/api/lobby'),
  create: (spec) => request('POST', '/api/games', spec),
  join: (id) => request('POST', `/api/games/${id}/join`),
  cancel: (id) => request('DELETE', `/api/games/${id}`),
  games: (query) => request('GET', `/api/games?${new URLSearchParams(query)}`),
  game: (id) => request('GET', `/api/games/${id}`),
  exportText: (id) => request('GET', `/api/games/${id}/export`),
  replay: (id) => request('GET', `/api/games/${id}/replay`),
  review: (id) => request('GET', `/api/games/${id}/review`),
  startReview: (id) => request('POST', `/api/games/${id}/review`),
  importRecord: (record) => request('POST', '/api/import', { record }),
  user: (name) => request('GET', `/api/users/${encodeURIComponent(name)}`),
  // Names starting with `prefix` (at most 10, no bots): `{"users": [{"name"}]}`.
  users: (prefix) => request('GET', `/api/users?${new URLSearchParams({ prefix })}`),
  userGames: (name) => request('GET', `/api/users/${encodeURIComponent(name)}/games?limit=50`),
  userRatings: (name, game, speed) => request('GET', `/api/users/${encodeURIComponent(name)}/ratings?${new URLSearchParams(speed ? { game, speed } : { game })}`),
  leaderboard: (game, query = {}) => request('GET', `/api/leaderboard/${encodeURIComponent(game)}?${new URLSearchParams(query)}`),
  // Chat: `where` is 'lobby' or a game id (the viewer's room of that game).
  chat: (where) => request('GET', chatPath(where)),
  say: (where, text) => request('POST', chatPath(where), { text }),
  mutes: () => request('GET', '/api/mutes'),
  mute: (name) => request('POST', '/api/mutes', { user: name }),
  unmute: (name) => request('DELETE', `/api/mutes/${encodeURIComponent(name)}`),
  // Challenges by name, rematches, notifications (issue 14).
  decline: (id) => request('POST', `/api/games/${id}/decline`),
  rematch: (id) => request('GET', `/api/games/${id}/rematch`),
  offerRematch: (id) => request('POST', `/api/games/${id}/rematch`),
  declineRematch: (id) => request('POST', `/api/games/${id}/rematch/decline`),
  notifications: () => request('GET', '/api/notifications'),
  notificationsSeen: (until) => request('POST', '/api/notifications/seen', { until }),
  // Arena tournaments (issue 14).
  tournaments: () => request('GET', '/api/tournaments'),
  createTournament: (spec) => request('POST', '/api/tournaments', spec),
  tournament: (id) => request('GET', `/api/tournaments/${encodeURIComponent(id)}`),
  joinTournament: (id) => request('POST', `/api/tournaments/${encodeURIComponent(id)}/join`),
  withdrawTournament: (id) => request('POST', `/api/tournaments/${encodeURIComponent(id)}/withdraw`),
  gameTournament: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/tournament`),
};

function chatPath(where) {
  return where === 'lobby' ? '/api/lobby/chat' : `/api/games/${encodeURIComponent(where)}/chat`;
}

/** A request that got no answer because the socket is (or went) down: `lost` is set. */
function lostError(message) {
  const err = new Error(message);
  err.lost = true;
  return err;
}

/** The close code of a game's socket when the server knows no such game (docs/api.md). */
export const NO_SUCH_GAME = 4404;

function wsUrl(path) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}${path}`;
}

/**
 * A WebSocket that reconnects by itself (with `?since=` from `since()`:
 * after 0.5 s, then twice as long each time up to 8 s, and at once when
 * the browser says it is back online), and pings to keep the connection
 * alive. A socket the server closes with `NO_SUCH_GAME` is not reopened:
 * `onStatus('unknown')` says so.
 */
export class LiveSocket {
  constructor(path, { onMessage, onStatus, since } = {}) {
    this.path = path;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.since = since || (() => null);
    this.closed = false;
    this.delay = 500;
    this.nextId = 1;
    this.pending = new Map();
    this.onOnline = () => {
      if (this.closed || (this.ws && this.ws.readyState !== WebSocket.CLOSED)) return;
      clearTimeout(this.retry);
      this.delay = 500;
      this.connect();
    };
    globalThis.addEventListener?.('online', this.onOnline);
    this.connect();
  }

  connect() {
    const v = this.since();
    const url = wsUrl(this.path + (v ? `?since=${v}` : ''));
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onStatus('open');
      clearInterval(this.ping);
      this.ping = setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if ((msg.type === 'ack' || msg.type === 'error') && this.pending.has(msg.id)) {
        const { resolve, reject } = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.type === 'ack') resolve(msg); else reject(serverError(msg));
        return; // answered to the requester only (not reported twice)
      }
      this.onMessage?.(msg);
    };
    ws.onclose = (e) => {
      clearInterval(this.ping);
      for (const { reject } of this.pending.values()) reject(lostError('connection lost'));
      this.pending.clear();
      if (this.closed) return;
      if (e.code === NO_SUCH_GAME) {
        this.close();
        this.onStatus('unknown');
        return;
      }
      this.onStatus('closed');
      this.retry = setTimeout(() => !this.closed && this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Send with an id; resolves on `ack`, rejects on `error`. */
  request(msg) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.send({ ...msg, id })) {
        reject(lostError('not connected'));
        return;
      }
      this.pending.set(id, { resolve, reject });
    });
  }

  close() {
    this.closed = true;
    clearInterval(this.ping);
    clearTimeout(this.retry);
    globalThis.removeEventListener?.('online', this.onOnline);
    this.ws?.close();
  }
}
