// The game page's state, as pure functions (no DOM, no socket, no timers):
// server messages and user actions in, the next model and the effects the
// page must carry out out; and the view state each panel draws from.
//
// It mirrors the server's own event application (docs/api.md, "Events"):
// every event carries the resulting position, side to move, legal moves
// and clocks, so applying one needs no rules code. Unit tests:
// tests/web-unit/game-state.test.mjs (run by `node --test`).
//
// The model is `{ state, viewPly, flipped, premove }`:
// - `state`: the game state as the server sends it (`GET /api/games/{id}`),
//   kept up to date by the events; `null` until the first one arrives;
// - `viewPly`: the ply shown while browsing the moves, `null` to follow the
//   live position;
// - `flipped`: whether the board is turned round (`null`: not decided yet;
//   the first state decides it from the viewer's side);
// - `premove`: the viewer's premove in a real-time game while it is not
//   their turn, `{ move, ply }` (`ply`: the moves played when it was set),
//   or `null` (docs/api.md, "Premoves": the server plays it when the turn
//   comes, and answers `premove-set`, `premove-played`, `premove-dropped`).
//
// Effects are plain objects the page acts on:
// - `{ type: 'render', animate }`: draw the model (animate the last move);
// - `{ type: 'sync', since }`: ask the server for what came after `since`;
// - `{ type: 'reload' }`: fetch the full game state over HTTP;
// - `{ type: 'sound', name }`: play a sound (sound.js);
// - `{ type: 'flash', message }` or `{ type: 'flash', key }`: show a
//   short message (a server's error: `{ message, code, params }`, shown by
//   errors.js; or a catalogue key);
// - `{ type: 'moved' }`: a live move was drawn (the game module may
//   celebrate it, see `moveFlash` in games/index.js);
// - `{ type: 'premove-dropped', move, error }`: the server did not play
//   the viewer's premove, and why (`{ message, code, params }`).
//
// Nothing here mutates its arguments.

/** The model before the first message. */
export function initialModel() {
  return { state: null, viewPly: null, flipped: null, premove: null };
}

/** Whether `side` is a real side (0 or 1), not `null`/`undefined`. */
export function isSide(side) {
  return side !== null && side !== undefined;
}

/** A copy of a game state that events may change without touching the original. */
function copyState(st) {
  return {
    ...st,
    moves: [...(st.moves || [])],
    positions: [...(st.positions || [])],
    hidden: st.hidden ? { ...st.hidden, yours: [...(st.hidden.yours || [])] } : st.hidden,
  };
}

/**
 * Apply one event to a game state. Returns `{ state, outcome, sounds }`:
 * `outcome` is `'applied'`, `'stale'` (an event already seen), `'gap'`
 * (an event was missed: the caller should sync) or `'none'` (no state
 * yet); `sounds` the sounds a live event plays (none unless `live`).
 */
export function applyEvent(state, ev, { live = false } = {}) {
  if (!state) return { state, outcome: 'none', sounds: [] };
  if (ev.version <= state.version) return { state, outcome: 'stale', sounds: [] };
  if (ev.version !== state.version + 1) return { state, outcome: 'gap', sounds: [] };
  const st = copyState(state);
  const sounds = [];
  const sound = (name) => { if (live) sounds.push(name); };
  st.version = ev.version;
  if (ev.clocks !== undefined) st.clocks = ev.clocks;
  if (ev.position !== undefined) st.position = ev.position;
  if (ev.to_move !== undefined) st.to_move = ev.to_move;
  if (ev.legal !== undefined) st.legal = ev.legal;
  // The moves the viewer may premove come with each change of position
  // (only while the viewer waits for the opponent).
  if (ev.position !== undefined) st.premoves = ev.premoves || [];
  switch (ev.kind) {
    case 'started':
      st.players = ev.players;
      st.status = 'live';
      sound('start');
      break;
    case 'move':
      st.moves.push(ev.move);
      st.positions.push(ev.position);
      st.draw_offer = null;
      st.takeback_request = null;
      sound(/x/.test(ev.move) ? 'capture' : 'move');
      break;
    case 'placements':
      // The reveal lists the placements and the position after them only.
      st.hidden = null;
      for (const m of ev.moves) st.moves.push(m);
      for (let i = 0; i < ev.moves.length - 1; i++) st.positions.push(null);
      st.positions.push(ev.position);
      sound('move');
      break;
    case 'hidden-placement': {
      const hidden = st.hidden || { placed: [0, 0], done: [false, false], yours: [], legal: [] };
      hidden.placed = ev.placed;
      if (ev.done) hidden.done = ev.done;
      if (ev.move) hidden.yours.push(ev.move);
      if (ev.legal) hidden.legal = ev.legal;
      st.hidden = hidden;
      break;
    }
    case 'takeback':
      st.moves = st.moves.slice(0, ev.moves);
      st.positions = st.positions.slice(0, ev.moves);
      st.takeback_request = null;
      break;
    case 'draw-offer':
      st.draw_offer = ev.side;
      if (ev.side !== st.you) sound('notify');
      break;
    case 'draw-declined':
      st.draw_offer = null;
      break;
    case 'takeback-request':
      st.takeback_request = ev.side;
      if (ev.side !== st.you) sound('notify');
      break;
    case 'takeback-declined':
      st.takeback_request = null;
      break;
    case 'end':
      st.result = ev.result;
      st.status = 'finished';
      st.legal = [];
      st.premoves = [];
      st.ratings = ev.ratings;
      sound('end');
      break;
    default:
      break;
  }
  return { state: st, outcome: 'applied', sounds };
}

/**
 * Whether the state after event `ev` (applied to `before`) lacks what only
 * the full state holds: the positions between revealed placements, or,
 * in a hidden placement phase, the viewer's own placements and legal ones
 * (the phase begins with `to_move` null and no `hidden` yet; the other
 * side's placement, carrying no `legal`, may come before the full state
 * does).
 */
function needsFullState(before, after, ev) {
  if (ev.kind === 'placements') return true;
  if (after.status === 'live' && after.to_move === null && !after.hidden) return true;
  return ev.kind === 'hidden-placement' && !before.hidden && ev.legal === undefined;
}

/**
 * A message from the game's WebSocket (`state`, `events`, `event`,
 * `error`; anything else is ignored): returns `{ model, effects }`.
 */
export function receive(model, msg) {
  switch (msg && msg.type) {
    case 'state': {
      const state = msg.state;
      const flipped = model.flipped === null ? state.you === 1 : model.flipped;
      return { model: { ...model, state, flipped }, effects: [{ type: 'render', animate: false }] };
    }
    case 'events': {
      // A catch-up after (re)connecting: applied silently, drawn once
      // (and the full state fetched if an event needs it, as a live one).
      let state = model.state;
      let full = false;
      const effects = [];
      for (const ev of msg.events || []) {
        // The `end` event read again (a finished game's page asks for it,
        // see `wantsEndRatings`): its ratings, which the state lacks.
        if (state && ev.kind === 'end' && ev.version <= state.version && ev.ratings && state.result && !state.ratings) {
          state = { ...state, ratings: ev.ratings };
          continue;
        }
        const r = applyEvent(state, ev);
        if (r.outcome === 'gap') {
          // Every later event is past the gap too: one sync covers them.
          effects.push({ type: 'sync', since: state.version });
          break;
        }
        if (r.outcome === 'applied' && needsFullState(state, r.state, ev)) full = true;
        state = r.state;
      }
      effects.push({ type: 'render', animate: false });
      if (full) effects.push({ type: 'reload' });
      return { model: { ...model, state }, effects };
    }
    case 'event': {
      const ev = msg.event;
      const before = model.state ? model.state.moves.length : undefined;
      const r = applyEvent(model.state, ev, { live: true });
      if (r.outcome === 'gap') return { model, effects: [{ type: 'sync', since: model.state.version }] };
      if (r.outcome !== 'applied') return { model, effects: [] };
      const st = r.state;
      const effects = r.sounds.map((name) => ({ type: 'sound', name }));
      const next = { ...model, state: st };
      if (needsFullState(model.state, st, ev)) {
        effects.push({ type: 'reload' });
        return { model: next, effects };
      }
      effects.push({ type: 'render', animate: st.moves.length === before + 1 });
      if (ev.kind === 'move') effects.push({ type: 'moved' });
      // The viewer's own offer or request was declined: say so.
      const yours = (side) => isSide(side) && side === model.state.you;
      if (ev.kind === 'draw-declined' && yours(model.state.draw_offer)) effects.push({ type: 'flash', key: 'game.draw_declined' });
      if (ev.kind === 'takeback-declined' && yours(model.state.takeback_request)) effects.push({ type: 'flash', key: 'game.takeback_declined' });
      return { model: next, effects };
    }
    case 'error':
      return { model, effects: [{ type: 'flash', message: { message: msg.error, code: msg.code, params: msg.params } }] };
    case 'premove-set': {
      const premove = msg.move && model.state ? { move: msg.move, ply: model.state.moves.length } : null;
      return { model: { ...model, premove }, effects: [{ type: 'render', animate: false }] };
    }
    case 'premove-played':
      return { model: { ...model, premove: null }, effects: [{ type: 'render', animate: false }] };
    case 'premove-dropped':
      return {
        model: { ...model, premove: null },
        effects: [{ type: 'premove-dropped', move: msg.move, error: { message: msg.error, code: msg.code, params: msg.params } }, { type: 'render', animate: false }],
      };
    case 'notification': {
      // On a waiting challenge's page: the invited player declined it.
      const n = msg.notification;
      if (!model.state || !n || n.kind !== 'challenge-declined' || n.game !== model.state.id) return { model, effects: [] };
      const state = { ...model.state, declined_by: n.from ? n.from.name : (model.state.invitee || '') };
      return { model: { ...model, state }, effects: [{ type: 'sound', name: 'notify' }, { type: 'render', animate: false }] };
    }
    default:
      return { model, effects: [] };
  }
}

/**
 * Whether the viewer may leave a premove now: a player of a live game
 * with a real-time clock, the opponent to move (no hidden placement), the
 * live position shown.
 */
export function canPremove(model) {
  const st = model.state;
  if (!st || !isSide(st.you) || st.status !== 'live' || st.hidden || st.clock?.type !== 'realtime') return false;
  return isSide(st.to_move) && st.to_move !== st.you && shownPly(model) === st.moves.length;
}

/**
 * After a reconnection's catch-up, what becomes of the premove the page
 * held (the server forgets a premove with its socket): `'resend'` while
 * the viewer still waits for the same move of the opponent, `'played'`
 * if the viewer's next move is that premove (played before the socket
 * dropped), `'dropped'` if the turn came and went otherwise, `null`
 * without one.
 */
export function premoveAfterReconnect(model) {
  const p = model.premove;
  const st = model.state;
  if (!p || !st) return null;
  if (st.moves.length === p.ply && canPremove(model)) return 'resend';
  if (st.moves[p.ply + 1] === p.move || st.moves[p.ply] === p.move) return 'played';
  return 'dropped';
}

/** The model without its premove (cancelled, or dropped by the page). */
export function withoutPremove(model) {
  return { ...model, premove: null };
}

/**
 * The full state fetched over HTTP: taken unless the model is already
 * newer (events came while it was on its way); then the model itself is
 * returned, and the page asks again (what the state was fetched for may
 * be in it only, see `needsFullState`).
 */
export function reloaded(model, state) {
  if (model.state && state.version < model.state.version) return model;
  return { ...model, state };
}

/** After joining a game: the side changes, so the board's orientation is decided again. */
export function joined(model) {
  return { ...model, flipped: null };
}

/** Turn the board round. */
export function flip(model) {
  return { ...model, flipped: !model.flipped };
}

/** The ply shown: the live one (the number of moves) or an earlier one while browsing. */
export function shownPly(model) {
  const n = model.state.moves.length;
  return model.viewPly === null || model.viewPly > n ? n : model.viewPly;
}

/** Show ply `ply` (`null` or past the end: follow the live position). */
export function browse(model, ply) {
  const n = model.state.moves.length;
  return { ...model, viewPly: ply === null || ply >= n ? null : Math.max(0, ply) };
}

/** Step `delta` plies from the one shown. */
export function step(model, delta) {
  return browse(model, shownPly(model) + delta);
}

/**
 * The position text before ply `ply + 1`: `start` for 0, else the latest
 * known position at or before it (placements revealed together leave the
 * positions between them unknown until the full state is fetched).
 */
export function positionAt(state, ply) {
  if (ply === 0) return state.start;
  for (let i = ply - 1; i >= 0; i--) if (state.positions[i]) return state.positions[i];
  return state.start;
}

/**
 * `view` as the viewer `side` sees it during a hidden placement: their own
 * placements (`K@e1`, `N@o4`...) drawn in through the game module's
 * `moveParts` and `addPiece` (which also takes each from the pieces left
 * to place), and `side` to move, since the viewer places now whatever side
 * the position text names (the engine's order, in which the other side may
 * come first): the tray shows the viewer's pieces and counts.
 */
export function withHiddenPlacements(game, view, yours, side) {
  for (const m of yours || []) {
    const parts = game.moveParts(m, view);
    if (parts.kind !== 'place') continue;
    game.addPiece(view, parts.to, { kind: m[0], side });
  }
  if (isSide(side)) view.toMove = side;
  return view;
}

/**
 * What the board shows for the model, through `game` (a module of
 * games/*.js): `{ ply, live, position, view, legal, mine, premoves,
 * premove, lastMove, flipped }`. `live`: the live position is shown;
 * `mine`: the viewer may act now (their turn, or a hidden placement
 * phase); `legal`: the moves the board offers (none unless `mine`);
 * `premoves`: while the viewer may premove (`canPremove`), the moves the
 * server offers as premoves, and `premove` the one set (else `[]`, `null`).
 */
export function boardView(model, game) {
  const st = model.state;
  const ply = shownPly(model);
  const live = ply === st.moves.length;
  const position = live ? st.position : positionAt(st, ply);
  let view = game.parse(position, st.options);
  let legal = live ? st.legal : [];
  if (live && st.hidden) {
    view = withHiddenPlacements(game, view, st.hidden.yours, st.you);
    legal = st.hidden.legal || [];
  }
  const mine = isSide(st.you) && st.status === 'live' && live && (st.hidden ? true : st.to_move === st.you);
  const premoving = canPremove(model);
  return {
    ply,
    live,
    position,
    view,
    legal: mine ? legal || [] : [],
    mine,
    premoves: premoving ? st.premoves || [] : [],
    premove: premoving && model.premove ? model.premove.move : null,
    lastMove: ply > 0 ? st.moves[ply - 1] : null,
    flipped: Boolean(model.flipped),
  };
}

/** Whether the computer is to move (and so thinking) in a live game. */
export function computerThinking(state) {
  if (state.status !== 'live' || state.result || state.hidden || !isSide(state.to_move)) return false;
  return Boolean(state.players?.[state.to_move]?.computer);
}

/**
 * The status line as a message key and its parameters:
 * `{ key, params }`, or `{ result }` once the game is over. `conn` is the
 * page's connection: `{ offline, pending }` (`pending`: a move waiting to
 * be sent); while offline the line says so, whatever the last state was.
 * `invited`: the viewer is the player a waiting challenge invites
 * (`isInvited`): the line says who challenges them.
 */
export function statusOf(state, mine, conn = {}, { invited = false } = {}) {
  if (conn.offline) {
    return conn.pending
      ? { key: 'game.offline_pending', params: { move: conn.pending }, offline: true }
      : { key: 'game.offline', offline: true };
  }
  if (state.status === 'waiting') {
    if (state.declined_by) return { key: 'game.challenge_declined', params: { name: state.declined_by } };
    if (invited) return { key: 'game.challenged_you', params: { name: challengerName(state) } };
    if (state.invitee) return { key: 'game.waiting_for', params: { name: state.invitee } };
    return { key: 'game.waiting' };
  }
  if (state.result) return { result: state.result };
  if (state.hidden) return { key: 'football.hidden_placement', params: { a: state.hidden.placed[0], b: state.hidden.placed[1] } };
  if (mine) return { key: 'game.your_turn' };
  if (computerThinking(state)) return { key: 'game.thinking', side: state.to_move, thinking: true };
  return { key: 'game.to_move', side: state.to_move };
}

/** Whether side `side`'s bar shows it to move (its clock marked running). */
export function toMoveSide(state, side) {
  return state.status === 'live' && state.to_move === side;
}

/**
 * A side's time left at `now` (ms since the epoch), or `null` for an
 * untimed game: the clock's reading counts down while it runs. A timed
 * game that has not started (a waiting seek) shows its initial time.
 */
export function clockMs(state, side, now) {
  if (!state.clocks) {
    if (state.clock?.type === 'realtime') return state.clock.initial_ms;
    // A waiting days-per-move game: each side's days for its first move.
    if (state.clock?.type === 'correspondence') return state.clock.days_per_move * 86400000;
    return null;
  }
  let ms = state.clocks.ms[side];
  if (state.clocks.running === side && state.status === 'live') ms -= now - state.clocks.at;
  return ms;
}

/** A clock under this many milliseconds is shown as low. */
export const LOW_TIME_MS = 20000;

/**
 * The game controls under the move list, in order: `{ id, disabled? }`
 * with ids `abort`, `resign`, `offer-draw`, `takeback` (a player, live
 * game), `replay`, `export`, `new-game` (finished), `join` (a waiting
 * game, not yours), `invite`, `cancel` (your waiting game); none for the
 * player a waiting challenge invites (`invited`: they answer on its card).
 */
export function controlsOf(state, { invited = false } = {}) {
  const player = isSide(state.you);
  // The invited player answers on the challenge's own card (Accept / Decline).
  if (invited) return [];
  const out = [];
  if (player && state.status === 'live') {
    if (state.moves.length < 2) out.push({ id: 'abort' });
    out.push({ id: 'resign' });
    out.push({ id: 'offer-draw', disabled: state.draw_offer === state.you });
    out.push({ id: 'takeback', disabled: state.takeback_request === state.you || !state.moves.length });
  }
  if (state.status === 'finished') out.push({ id: 'replay' }, { id: 'export' }, { id: 'new-game' });
  if (state.status === 'waiting' && !player) out.push({ id: 'join' });
  // A declined challenge is gone: a new game instead.
  if (state.status === 'waiting' && player && state.declined_by) out.push({ id: 'new-game' });
  else if (state.status === 'waiting' && player) out.push({ id: 'invite' }, { id: 'cancel' });
  return out;
}

/** The opponent's pending offers the viewer can answer: `{ draw, takeback }`. */
export function offersOf(state) {
  const other = (side) => isSide(side) && isSide(state.you) && side !== state.you;
  const live = state.status === 'live';
  return { draw: live && other(state.draw_offer), takeback: live && other(state.takeback_request) };
}

/**
 * The result banner: `null` while the game goes on, else `{ headline,
 * result, ratings }`: `headline` a message key (`result.you_won`,
 * `result.you_lost`, `result.draw`, `result.game_over` for spectators),
 * `ratings` the viewer's `{ before, after }` in a rated game, else null.
 */
export function bannerOf(state) {
  if (!state.result) return null;
  const you = state.you;
  let headline = 'result.game_over';
  if (isSide(you)) {
    if (state.result.winner === you) headline = 'result.you_won';
    else if (!isSide(state.result.winner)) headline = 'result.draw';
    else headline = 'result.you_lost';
  }
  const ratings = state.ratings && isSide(you) ? state.ratings[you] : null;
  return { headline, result: state.result, ratings };
}

/**
 * The WebSocket message that plays `text`: with the version it was chosen
 * in (the server refuses it if the game moved on), except during a
 * hidden placement phase, where both sides act at once.
 */
export function moveMessage(state, text) {
  return state.hidden ? { type: 'move', move: text } : { type: 'move', move: text, version: state.version };
}

/**
 * Whether the viewer `name` is the player a waiting challenge was sent to
 * (`invitee`, compared without case), not seated yet and not declined.
 */
export function isInvited(state, name) {
  if (!state || !name || state.status !== 'waiting' || isSide(state.you) || state.declined_by) return false;
  return typeof state.invitee === 'string' && state.invitee.toLowerCase() === String(name).toLowerCase();
}

/** The free seat of a waiting game with one player (the side a joiner plays), else null. */
export function freeSide(state) {
  const seats = state?.players || [];
  if (seats[0] && !seats[1]) return 1;
  if (seats[1] && !seats[0]) return 0;
  return null;
}

/** The name of the player waiting in a game with one free seat (the challenger), or ''. */
export function challengerName(state) {
  const side = freeSide(state);
  return side === null ? '' : state.players[1 - side]?.user?.name ?? '';
}

/**
 * The model for the player a waiting challenge invites: the board from
 * the side they would play (the free seat's), unless they turned it.
 */
export function facingInvitee(model) {
  const side = freeSide(model.state);
  return side === null ? model : { ...model, flipped: side === 1 };
}

/**
 * A player bar's rating for `side`: `{ rating, delta }`, the rating after
 * a finished rated game with its change (`ratings` of the `end` event),
 * else the seat's rating (before the game) and a null `delta`; null for a
 * seat without a rating (a guest, the computer, an empty seat).
 */
export function barRating(state, side) {
  const seat = state.players?.[side];
  const after = state.ratings?.[side];
  if (after && typeof after.after === 'number' && typeof after.before === 'number') {
    return { rating: Math.round(after.after), delta: Math.round(after.after - after.before) };
  }
  if (!seat || !seat.rating || seat.user?.guest) return null;
  return { rating: Math.round(seat.rating), delta: null };
}

/** `+12`, `−7`, `±0`: a rating change as shown beside the rating. */
export function deltaText(delta) {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${Math.abs(delta)}`;
  return '±0';
}

/**
 * Whether a finished game's page should read its `end` event again for
 * the ratings (a rated game whose state came without them: the server's
 * state does not carry them, the event does): the version to sync from,
 * or null.
 */
export function wantsEndRatings(state) {
  if (!state || state.status !== 'finished' || !state.rated || state.ratings || !(state.version > 0)) return null;
  return state.version - 1;
}
