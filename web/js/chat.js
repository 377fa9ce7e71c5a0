// The chat's pure logic (docs/api.md, "Chat"), without the DOM: the lines
// of a room kept in order and without doubles whether they come from the
// history (GET …/chat), from a socket's push or from the answer to one's
// own POST; mutes; the length limit as the server counts it; the unread
// count of a collapsed panel. The panel (panels/chat.js) draws the model.

/** The longest message, in characters (code points, as the server counts). */
export const MAX_CHARS = 140;

/** The most lines a panel keeps (the server keeps 200 per room). */
export const KEEP = 200;

/** Characters of `text` as the server counts them (code points, not UTF-16 units). */
export function charCount(text) {
  return [...String(text ?? '')].length;
}

/** `text` cut to at most `max` characters (never inside a surrogate pair). */
export function clip(text, max = MAX_CHARS) {
  const chars = [...String(text ?? '')];
  return chars.length > max ? chars.slice(0, max).join('') : String(text ?? '');
}

/** Whether `text` may be sent: not empty once trimmed, at most MAX_CHARS. */
export function sendable(text) {
  const n = charCount(String(text ?? '').trim());
  return n > 0 && n <= MAX_CHARS;
}

/** A game's room for its viewer: the players' for a seated one, else the spectators'. */
export function gameRoom(state) {
  return state && (state.you === 0 || state.you === 1) ? 'players' : 'spectators';
}

/** An empty model of `room` ('lobby', 'players' or 'spectators'). */
export function initialChat(room) {
  return { room, lines: [], unread: 0, muted: [] };
}

function order(a, b) {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function wellFormed(line) {
  return line && typeof line.id === 'string' && line.user && typeof line.user.id === 'string'
    && typeof line.text === 'string' && typeof line.at === 'number';
}

/** `lines` with `incoming` added: each id once (the first copy kept), by time, the last KEEP. */
export function mergeLines(lines, incoming) {
  const seen = new Set(lines.map((l) => l.id));
  const added = [];
  for (const line of incoming || []) {
    if (!wellFormed(line) || seen.has(line.id)) continue;
    seen.add(line.id);
    added.push(line);
  }
  if (!added.length) return lines;
  return [...lines, ...added].sort(order).slice(-KEEP);
}

/** The model in another room: its lines are another room's, dropped. */
export function moveTo(model, room) {
  return model.room === room ? model : { ...model, room, lines: [], unread: 0 };
}

/** A room's history (`{room, lines}`) merged in; one of another room is ignored. */
export function withHistory(model, history) {
  if (!history || history.room !== model.room) return model;
  return { ...model, lines: mergeLines(model.lines, history.lines) };
}

/**
 * A line pushed by a socket (`{type: 'chat', room, line}`) or answered to
 * one's own POST (`room` the model's). `seen`: the reader has the lines in
 * view (else a new line of someone else, not muted, counts as unread);
 * `me`: the viewer's user id.
 */
export function withLine(model, room, line, { seen = true, me = null } = {}) {
  if (room !== model.room) return model;
  const lines = mergeLines(model.lines, [line]);
  if (lines === model.lines) return model;
  const counts = !seen && line.user.id !== me && !model.muted.some((u) => u.id === line.user.id);
  return { ...model, lines, unread: model.unread + (counts ? 1 : 0) };
}

/** The lines read: no unread count. */
export function markRead(model) {
  return model.unread ? { ...model, unread: 0 } : model;
}

/** The viewer's mutes (`[{id, name, guest}]`), e.g. from GET /api/mutes. */
export function withMutes(model, users) {
  return { ...model, muted: [...(users || [])].sort((a, b) => a.name.localeCompare(b.name)) };
}

/** `user` muted: their lines hidden at once. */
export function mute(model, user) {
  if (model.muted.some((u) => u.id === user.id)) return model;
  return withMutes(model, [...model.muted, { id: user.id, name: user.name, guest: Boolean(user.guest) }]);
}

/** The user named `name` unmuted: their lines shown again. */
export function unmute(model, name) {
  return { ...model, muted: model.muted.filter((u) => u.name !== name) };
}

/** The lines to show: those of muted users left out. */
export function visibleLines(model) {
  if (!model.muted.length) return model.lines;
  const muted = new Set(model.muted.map((u) => u.id));
  return model.lines.filter((l) => !muted.has(l.user.id));
}

/** A line's time, `hh:mm` in `lang`'s way. */
export function timeText(at, lang = 'en') {
  try {
    return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(at));
  } catch {
    return new Date(at).toISOString().slice(11, 16);
  }
}

/** A line's full date and time (its tooltip). */
export function dateTimeText(at, lang = 'en') {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  } catch {
    return new Date(at).toISOString();
  }
}
