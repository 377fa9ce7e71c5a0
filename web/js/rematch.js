// The rematch's pure logic (docs/api.md, `POST /api/games/{id}/rematch`),
// without the DOM or the network: who may ask for one, what the pending
// offer (`GET /api/games/{id}/rematch`) means for the viewer, and what the
// result banner shows in each phase. The banner's part is
// panels/rematch.js.

function isSide(x) {
  return x === 0 || x === 1;
}

/**
 * Whether the viewer may ask for a rematch of `state`: a player of a
 * finished game. `{ me, computer, name }`: the viewer's user id, whether
 * the opponent is the computer (the rematch then starts at once), the
 * opponent's name (null for the computer); else null.
 */
export function rematchOf(state) {
  if (!state || state.status !== 'finished' || !isSide(state.you)) return null;
  const mine = state.players?.[state.you];
  const other = state.players?.[1 - state.you];
  if (!mine?.user || !other) return null;
  if (other.computer) return { me: mine.user.id, computer: true, name: null };
  if (!other.user) return null;
  return { me: mine.user.id, computer: false, name: other.user.name };
}

/**
 * The phase of a rematch between people, from the pending offer (`offer`:
 * `{ game, by }`) and what is known of its game (`status`: the new game's
 * status, or 'gone' when it no longer exists):
 * - 'none': no offer (or its game is gone): the viewer may offer;
 * - 'waiting': the viewer offered, the opponent has not answered;
 * - 'offered': the opponent offers: accept or decline;
 * - 'started': the rematch is being (or was) played.
 */
export function phaseOf(offer, status, me) {
  if (!offer || !offer.game || status === 'gone' || !status) return 'none';
  if (status !== 'waiting') return 'started';
  return offer.by?.id === me ? 'waiting' : 'offered';
}

/**
 * What the banner shows in `phase` (the phases above, and 'sending',
 * 'declined': the opponent declined the viewer's offer, 'refused': the
 * viewer declined): `{ text, params, buttons }`, `text` a catalogue key
 * or null, `buttons` among 'offer', 'accept', 'decline', 'open'.
 */
export function rematchView(phase, name) {
  const params = { name };
  switch (phase) {
    case 'waiting': return { text: 'game.rematch_waiting', params, buttons: [] };
    case 'offered': return { text: 'game.rematch_offer', params, buttons: ['accept', 'decline'] };
    case 'started': return { text: 'game.rematch_started', params, buttons: ['open'] };
    case 'declined': return { text: 'game.rematch_declined', params, buttons: ['offer'] };
    case 'refused': return { text: 'game.rematch_refused', params, buttons: ['offer'] };
    case 'sending': return { text: null, params, buttons: ['offer'], busy: true };
    default: return { text: null, params, buttons: ['offer'] };
  }
}

/**
 * Whether a message of the new game's socket says it started (the
 * offerer then goes to it): its state no longer waiting, or a `started`
 * event.
 */
export function startedBy(msg) {
  if (!msg) return false;
  if (msg.type === 'state') return Boolean(msg.state && msg.state.status !== 'waiting');
  if (msg.type === 'event') return msg.event?.kind === 'started';
  if (msg.type === 'events') return (msg.events || []).some((e) => e.kind === 'started');
  return false;
}
