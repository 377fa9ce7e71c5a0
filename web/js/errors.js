// The server's error messages (docs/api.md: `{"error": "..."}`, and the
// WebSocket's `error` answers) in the reader's language: each known
// English text is matched here and shown through its catalogue key
// (`error.<name>` in web/i18n/<lang>.json), with the parts it quotes (a
// move, a name, seconds) as parameters. A text not listed is shown as the
// server sent it; a part quoted from the rules engine (why a move is
// illegal) stays as sent.

import { t, has } from './i18n.js';

/** [pattern, key, names of the captured groups]: the first match wins. */
const KNOWN = [
  [/^wrong username or password$/, 'error.wrong_credentials'],
  [/^too many (new guests from this address|sign-ups from this address|sign-in attempts|chat messages), retry in (\d+) s$/, 'error.too_many', ['what', 'n']],
  [/^sign in or play as a guest first$/, 'error.sign_in_first'],
  [/^guests cannot play rated games$/, 'error.guest_rated'],
  [/^username '(.*)' is taken$/, 'error.username_taken', ['name']],
  [/^a username has 3 to 20 characters$/, 'error.username_length'],
  [/^a username has only letters, digits, '_' and '-'$/, 'error.username_chars'],
  [/^usernames starting with 'guest' are reserved$/, 'error.username_guest'],
  [/^a password has 8 to 128 characters$/, 'error.password_length'],
  [/^no such game$/, 'error.no_such_game'],
  [/^no player '(.*)'$/, 'error.no_player', ['name']],
  [/^game is not waiting for a player$/, 'error.not_waiting'],
  [/^you cannot join your own game$/, 'error.own_game'],
  [/^the game changed meanwhile; try again$/, 'error.changed_meanwhile'],
  [/^the game is at version (\d+), not (\d+)$/, 'error.stale_version', ['now', 'yours']],
  [/^the game ended on time$/, 'error.ended_on_time'],
  [/^it is not your turn$/, 'error.not_your_turn'],
  [/^it is your turn: play the move$/, 'error.premove_own_turn'],
  [/^premoves are only for games with a real-time clock$/, 'error.premove_untimed'],
  [/^(no premoves|premoves are not played) while pieces are being placed$/, 'error.premove_placing'],
  [/^replaced by a premove from another connection$/, 'error.premove_replaced'],
  [/^a move was taken back$/, 'error.premove_taken_back'],
  [/^illegal move '(.*?)': (.*)$/s, 'error.illegal_move', ['move', 'detail']],
  [/^illegal placement '(.*?)': (.*)$/s, 'error.illegal_move', ['move', 'detail']],
  [/^you are not a player of this game$/, 'error.not_a_player'],
  [/^spectators cannot act$/, 'error.not_a_player'],
  [/^the game is not being played$/, 'error.not_being_played'],
  [/^a game can only be aborted before the second move$/, 'error.abort_late'],
  [/^the computer does not accept draws$/, 'error.computer_no_draws'],
  [/^a draw offer is already pending$/, 'error.draw_pending'],
  [/^no draw offer to (accept|decline)$/, 'error.no_draw_offer'],
  [/^a takeback request is already pending$/, 'error.takeback_pending'],
  [/^no takeback request to (accept|decline)$/, 'error.no_takeback_request'],
  [/^no takebacks during hidden placement$/, 'error.takeback_hidden'],
  [/^placements cannot be taken back$/, 'error.takeback_placements'],
  [/^you have no move to take back$/, 'error.takeback_none'],
  [/^cannot take back: (.*)$/s, 'error.takeback_failed', ['detail']],
  [/^you have placed all your pieces$/, 'error.placed_all'],
  [/^bad position: (.*)$/s, 'error.bad_position', ['detail']],
  [/^the record has no \[Game\] header$/, 'error.record_no_game'],
  [/^the message is empty$/, 'error.chat_empty'],
  [/^a message has at most (\d+) characters$/, 'error.chat_too_long', ['n']],
  [/^you cannot mute yourself$/, 'error.mute_self'],
  [/^you cannot challenge yourself$/, 'error.challenge_self'],
  [/^this challenge was sent to another player$/, 'error.challenge_other'],
  [/^this challenge was not sent to you$/, 'error.challenge_not_yours'],
  [/^too many challenges, retry in (\d+) s$/, 'error.too_many_challenges', ['n']],
  [/^the game is not over$/, 'error.not_over'],
  [/^no rematch was offered$/, 'error.no_rematch'],
  [/^you offered this rematch$/, 'error.own_rematch'],
  [/^a rematch was offered already$/, 'error.rematch_pending'],
  [/^the tournament is over$/, 'error.tournament_over'],
  [/^the tournament is full \((\d+) players\)$/, 'error.tournament_full', ['n']],
  [/^you have not joined this tournament$/, 'error.tournament_not_joined'],
  [/^no such tournament$/, 'error.no_such_tournament'],
  [/^guests cannot (?:create|join) tournaments: tournament games are rated; sign up first$/, 'error.tournament_guest'],
  [/^you have (\d+) tournaments upcoming or running already; wait for one to finish$/, 'error.tournaments_yours', ['n']],
  [/^(\d+) tournaments are upcoming or running already; try again later$/, 'error.tournaments_all', ['n']],
  [/^too many tournament joins and withdrawals, retry in (\d+) s$/, 'error.tournament_rate', ['n']],
  [/^(?:connection lost|not connected)$/, 'error.connection'],
  [/^HTTP (\d+)$/, 'error.http', ['n']],
];

/** The text to show for an error (an `Error`, an `ApiError` or a string). */
export function errorText(err) {
  const text = String(err && err.message !== undefined ? err.message : err ?? '');
  for (const [re, key, names = []] of KNOWN) {
    const m = re.exec(text);
    if (!m || !has(key)) continue;
    const params = {};
    names.forEach((name, i) => { params[name] = m[i + 1]; });
    if (params.what) params.what = t(`error.too_many.${{ 'new guests from this address': 'guests', 'sign-ups from this address': 'signups', 'sign-in attempts': 'signins', 'chat messages': 'chat' }[params.what]}`);
    if (params.n !== undefined) params.n = Number(params.n);
    return t(key, params);
  }
  return text;
}
