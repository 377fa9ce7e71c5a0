// "Your games": every ongoing game of the signed-in user (correspondence
// play above all), those where it is their turn first, each with the
// opponent, the game, its clock, the time left to the player to move (by
// days per move: the summary's `deadline`) and when the last move was
// played, linking to the game. From GET /api/games?status=live&player=NAME; a summary that
// does not know the side to move yet (a game just joined) asks the game's
// state.

import { h, replace } from '../dom.js';
import { t, language } from '../i18n.js';
import { api } from '../api.js';
import { currentUser } from '../session.js';
import { agoText } from '../notifications.js';
import { gameTitle, clockText, seatName, errorBox } from './common.js';
import { timeLeftText } from '../deadline.js';

export const name = 'my-games';

/** The side `userId` plays in a summary, or -1. */
export function sideOf(game, userId) {
  return game.players.findIndex((p) => p && p.user && p.user.id === userId);
}

/**
 * The page's rows from the live summaries: `{game, side, turn, opponent}`
 * where `turn` is 'yours', 'theirs' or 'both' (a hidden placement, or not
 * known), yours first, then by urgency: the nearest deadline first (games
 * without one after), then by the last move (oldest waiting first), then
 * oldest created.
 */
export function myGameRows(games, userId) {
  const order = { yours: 0, both: 1, theirs: 2 };
  return games
    .map((game) => {
      const side = sideOf(game, userId);
      const toMove = game.to_move;
      let turn = 'both';
      if (toMove === 0 || toMove === 1) turn = toMove === side ? 'yours' : 'theirs';
      return { game, side, turn, opponent: side >= 0 ? game.players[1 - side] : null };
    })
    .filter((r) => r.side >= 0)
    .sort((a, b) => order[a.turn] - order[b.turn]
      || (a.game.deadline ?? Infinity) - (b.game.deadline ?? Infinity)
      || (a.game.moved_at ?? a.game.created_at) - (b.game.moved_at ?? b.game.created_at));
}

export function render(main) {
  const me = currentUser();
  if (!me) {
    replace(main, h('section.card.empty', null, h('p', null, t('mygames.sign_in')), h('a.btn.primary', { href: '/signin' }, t('nav.signin'))));
    return;
  }
  replace(main, h('div.card.loading', null, t('common.loading')));
  let left = false; // the page was left before the answers came: they are not shown
  load(me).then((games) => {
    if (left) return;
    const rows = myGameRows(games, me.id);
    const now = Date.now();
    const list = rows.length
      ? h('ul.game-list.my-games#my-games', null, rows.map((r) => {
          const g = r.game;
          const last = g.moved_at ? agoText(g.moved_at, now, language()) : t('mygames.no_moves');
          return h('li', { class: `game-row${r.turn === 'yours' ? ' your-turn' : ''}`, dataset: { id: g.id, game: g.game, turn: r.turn } },
            h('span', { class: `game-icon icon-${g.game}` }),
            h('div.game-row-main', null,
              h('div.game-row-title', null, t('mygames.against', { name: seatName(r.opponent) })),
              h('div.game-row-sub', null, gameTitle(g.game), h('span.muted', null, ` · ${clockText(g.clock)} · ${t('mygames.last_move', { when: last })}`)),
              g.deadline ? h('div.game-row-sub.time-left', null, timeLeftText(g.deadline, now)) : null),
            h('div.game-row-actions', null,
              h('span', { class: `turn turn-${r.turn}` }, t(`mygames.turn_${r.turn}`)),
              h('a.btn.small.primary', { href: `/game/${g.id}` }, t('mygames.open'))));
        }))
      : h('p.muted', null, t('mygames.none'));
    replace(main,
      h('section.card', null,
        h('h1', null, t('mygames.title')),
        list));
  }).catch((err) => { if (!left) replace(main, errorBox(err)); });
  return () => { left = true; };
}

/** The user's live games, each with its side to move (asked when unknown). */
async function load(me) {
  const { games } = await api.games({ status: 'live', player: me.name, limit: 100 });
  return Promise.all(games.map(async (g) => {
    if (g.to_move === 0 || g.to_move === 1) return g;
    try {
      const state = await api.game(g.id);
      return { ...g, to_move: state.to_move };
    } catch {
      return g;
    }
  }));
}
