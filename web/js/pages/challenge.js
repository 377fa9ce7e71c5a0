// Challenging a player by name (docs/api.md, `POST /api/games`, opponent
// `{"type": "challenge", "user": NAME}`): the create-game form's "A
// player" opponent with the name's field, and what the form sends. A
// profile's "Challenge" opens the form with the name filled in
// (lobby.js `prefillChallenge`).

import { h } from '../dom.js';
import { t } from '../i18n.js';

/** The create-game form's opponents, in order. */
export const OPPONENTS = ['computer', 'seek', 'challenge', 'player'];

/** The name to challenge, as typed: trimmed (a leading @ dropped). */
export function playerName(text) {
  return String(text ?? '').trim().replace(/^@/, '');
}

/** The request's `opponent` for the form's choice (`form.opponent`, `form.level`, `form.player`). */
export function opponentSpec(form) {
  switch (form.opponent) {
    case 'computer': return { type: 'computer', level: form.level };
    case 'player': return { type: 'challenge', user: playerName(form.player) };
    default: return { type: form.opponent };
  }
}

/** The catalogue key of the form's submit button. */
export function submitKey(opponent) {
  if (opponent === 'computer') return 'lobby.play_computer';
  if (opponent === 'player') return 'lobby.send_challenge';
  return 'lobby.create_seek';
}

/** The name's field, for the "A player" opponent (required; kept in `form.player`). */
export function playerField(form) {
  return h('label.field.player-field', null,
    h('span.field-label', null, t('lobby.player_name')),
    h('input#challenge-user', {
      type: 'text', name: 'player', required: true, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false',
      maxlength: 40, placeholder: t('lobby.player_placeholder'), value: form.player || '',
      oninput: (e) => { form.player = e.target.value; },
    }),
    h('span.muted.small', null, t('lobby.player_help')));
}
