// Profile: a player's ratings per game and speed, and recent games; on
// someone else's, "Challenge NAME" opens the create-game form for them.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { currentUser } from '../session.js';
import { gameTitle, gameRow, resultText, errorBox, getCatalogue } from './common.js';
import { prefillChallenge } from './lobby.js';

export const name = 'profile';

export function render(main, [who], { navigate } = {}) {
  const name = who || currentUser()?.name;
  if (!name) {
    replace(main, h('section.card.empty', null, h('p', null, t('profile.sign_in')), h('a.btn.primary', { href: '/signin' }, t('nav.signin'))));
    return;
  }
  replace(main, h('div.card.loading', null, t('common.loading')));
  Promise.all([api.user(name), api.userGames(name), getCatalogue().catch(() => null)]).then(([u, g]) => {
    const ratings = u.ratings.length
      ? h('table.ratings#ratings', null,
          h('thead', null, h('tr', null, [t('profile.game'), t('profile.speed'), t('profile.rating'), t('profile.games')].map((x) => h('th', null, x)))),
          h('tbody', null, u.ratings.map((r) => h('tr', null,
            h('td', null, h('span', { class: `game-icon icon-${r.game}` }), gameTitle(r.game)),
            h('td', null, t(`speed.${r.speed}`)),
            h('td.num', null, h('strong', null, Math.round(r.rating)), h('span.muted', null, ` ±${Math.round(2 * r.deviation)}`)),
            h('td.num', null, r.games)))))
      : h('p.muted', null, t('profile.no_ratings'));
    const history = g.games.length
      ? h('ul.game-list#history', null, g.games.map((game) => {
          // By id: a game played as a guest before signing up shows the guest's name.
          const side = game.players.findIndex((p) => p && p.user && p.user.id === u.user.id);
          let outcome = 'draw';
          if (game.result && game.result.winner !== null && game.result.winner !== undefined) outcome = game.result.winner === side ? 'win' : 'loss';
          return gameRow(game, [
            h('span', { class: `outcome outcome-${outcome}`, title: resultText(game.game, game.result) }, t(`profile.${outcome}`)),
            h('a.btn.small.ghost', { href: `/replay/${game.id}` }, t('game.replay'))]);
        }))
      : h('p.muted', null, t('profile.no_games'));
    replace(main,
      h('section.hero.small.profile-head', null,
        h('div.avatar', null, u.user.name.slice(0, 1).toUpperCase()),
        h('div', null, h('h1', null, u.user.name), u.user.guest ? h('span.badge', null, t('account.guest')) : null),
        currentUser()?.id === u.user.id ? null : h('button.btn.primary.challenge-btn#challenge-player', {
          type: 'button',
          onclick: () => { prefillChallenge(u.user.name); navigate('/'); },
        }, t('profile.challenge', { name: u.user.name }))),
      h('div.profile-grid', null,
        h('section.card', null, h('h2', null, t('profile.ratings')), ratings),
        h('section.card', null, h('h2', null, t('profile.history')), history)));
  }).catch((err) => replace(main, errorBox(err)));
}
