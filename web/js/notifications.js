// The notifications' pure logic (docs/api.md, "Notifications"), without
// the DOM or the network: the list kept newest first without doubles
// whether a notification comes from `GET /api/notifications` or is pushed
// on the user's socket, what is unseen (the bell's badge), what "mark
// seen" sends, and what each kind shows (its text, its link, whether it
// can be accepted or declined). The live feed is notify-feed.js; the bell
// and its list are panels/notifications.js.

/** What the server sends (other kinds, from a newer server, are skipped). */
export const KINDS = ['challenge', 'challenge-declined', 'rematch', 'rematch-declined', 'your-turn', 'game-ended'];

/** The most notifications kept (the server lists its last 50). */
export const KEEP = 50;

/** The kinds that play a sound when they come (unless sound is off). */
const CHIMES = new Set(['challenge', 'your-turn']);

/** The kinds that can be answered (Accept / Decline) while their game waits. */
const ANSWERABLE = new Set(['challenge', 'rematch']);

/**
 * An empty feed: `items` newest first; `seenUntil` the newest instant
 * marked seen here (so a list read meanwhile cannot bring the badge back);
 * `answered` what the viewer did with a challenge or rematch, by id
 * ('accepted' / 'declined').
 */
export function initialFeed() {
  return { items: [], seenUntil: 0, answered: {} };
}

function wellFormed(n) {
  return n && typeof n.id === 'string' && KINDS.includes(n.kind) && typeof n.at === 'number';
}

function order(a, b) {
  return b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * The feed with `incoming` added (a list's answer or one pushed
 * notification): each id once (seen if either copy says so, or marked
 * seen here), newest first, the last KEEP. Returns `{ feed, added }`,
 * `added` the notifications not known before (newest first).
 */
export function merge(feed, incoming) {
  const byId = new Map(feed.items.map((n) => [n.id, n]));
  const added = [];
  for (const raw of [].concat(incoming || [])) {
    if (!wellFormed(raw)) continue;
    const known = byId.get(raw.id);
    const seen = Boolean(raw.seen || known?.seen || raw.at <= feed.seenUntil);
    if (!known) added.push(raw);
    byId.set(raw.id, { ...(known || {}), ...raw, seen });
  }
  if (!added.length && byId.size === feed.items.length && feed.items.every((n) => byId.get(n.id).seen === n.seen)) {
    return { feed, added };
  }
  const items = [...byId.values()].sort(order).slice(0, KEEP);
  return { feed: { ...feed, items }, added: added.sort(order) };
}

/** How many are unseen. */
export function unseenCount(feed) {
  return feed.items.filter((n) => !n.seen).length;
}

/** The badge's text: '' for none, the count up to 9, then '9+'. */
export function badgeText(n) {
  if (!n) return '';
  return n > 9 ? '9+' : String(n);
}

/**
 * Mark everything seen: `{ feed, until }`, `until` the newest `at` to send
 * (`POST /api/notifications/seen`), or null when nothing was unseen.
 */
export function markSeen(feed) {
  if (!unseenCount(feed)) return { feed, until: null };
  const until = Math.max(feed.seenUntil, ...feed.items.map((n) => n.at));
  return { feed: { ...feed, seenUntil: until, items: feed.items.map((n) => (n.seen ? n : { ...n, seen: true })) }, until };
}

/** The feed with the viewer's answer ('accepted' / 'declined') to notification `id`. */
export function answer(feed, id, outcome) {
  return { ...feed, answered: { ...feed.answered, [id]: outcome } };
}

/** Whether `n` plays a sound when it comes. */
export function chimes(n) {
  return Boolean(n && CHIMES.has(n.kind));
}

/**
 * What a notification shows: `{ key, name, href, actions, note, deadline }`:
 * - `key`: its text's catalogue key (`notification.<kind>`, with `{name}`),
 *   `name` the player it is from (null when unknown: the text then says
 *   "someone");
 * - `href`: where it leads (its game; a declined challenge's game is gone:
 *   the decliner's profile);
 * - `actions`: ['accept', 'decline'] while a challenge or rematch can be
 *   answered, else [];
 * - `note`: a catalogue key saying why it cannot be any more ('accepted',
 *   'declined' by the viewer, or 'closed': its game no longer waits), or null;
 * - `deadline`: a your-turn by days per move: when the viewer's time for
 *   the move runs out (server time, ms), else null.
 * `game` is what is known of its game: a game state or summary (its
 * `status`), 'gone' (404), or undefined (not known yet).
 */
export function describe(n, { answered, game } = {}) {
  const name = n.from?.name ?? null;
  const kind = n.kind.replace(/-/g, '_');
  let href = n.game ? `/game/${n.game}` : null;
  if (n.kind === 'challenge-declined') href = name ? `/profile/${encodeURIComponent(name)}` : null;
  let actions = [];
  let note = null;
  if (ANSWERABLE.has(n.kind)) {
    if (answered) note = `notification.${answered}`;
    else if (game === 'gone' || (game && game.status !== 'waiting')) note = 'notification.closed';
    else actions = ['accept', 'decline'];
  }
  const deadline = n.kind === 'your-turn' ? n.deadline ?? null : null;
  return { key: `notification.${kind}`, name, href, actions, note, deadline };
}

/**
 * A rematch notification names the waiting game only; declining needs the
 * finished game it follows (`POST /api/games/{id}/rematch/decline`). The
 * candidates: the viewer's finished games (`GET /api/users/{name}/games`,
 * newest first) against `fromId`, newest first, at most `max`; the caller
 * asks each `GET /api/games/{id}/rematch` until one names the new game.
 */
export function rematchCandidates(games, meId, fromId, max = 5) {
  return (games || [])
    .filter((g) => g.status === 'finished' && g.players.some((p) => p?.user?.id === meId) && g.players.some((p) => p?.user?.id === fromId))
    .slice(0, max)
    .map((g) => g.id);
}

/** "5 min ago" in `lang` for the instant `at` (server ms), seen at `now`. */
export function agoText(at, now, lang) {
  const s = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' });
  const a = Math.abs(s);
  if (a < 45) return rtf.format(0, 'second');
  if (a < 45 * 60) return rtf.format(Math.round(s / 60), 'minute');
  if (a < 22 * 3600) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86400), 'day');
}
