// Profile: member since, a player's ratings per game and speed, wins,
// draws and losses per game, a line chart of the rating history per game
// and speed (geometry: ../rating-chart.js), and recent games; on someone
// else's, "Challenge NAME" opens the create-game form for them; on one's
// own (a registered person's), the "Bots" card (../panels/bots.js).

import { h, s, replace } from '../dom.js';
import { t, language } from '../i18n.js';
import { api } from '../api.js';
import { chartGeometry, bySpeed, CHART } from '../rating-chart.js';
import { currentUser } from '../session.js';
import { gameTitle, gameRow, resultText, errorBox, getCatalogue, botBadge } from './common.js';
import { prefillChallenge } from './lobby.js';
import { botsCard } from '../panels/bots.js';
import { resultText as resultWords, finalScore } from '../results.js';
import { GAMES } from '../games/index.js';

export const name = 'profile';

export function render(main, [who], { navigate } = {}) {
  const name = who || currentUser()?.name;
  if (!name) {
    replace(main, h('section.card.empty', null, h('p', null, t('profile.sign_in')), h('a.btn.primary', { href: '/signin' }, t('nav.signin'))));
    return;
  }
  replace(main, h('div.card.loading', null, t('common.loading')));
  let left = false; // the page was left before the answers came: they are not shown
  Promise.all([api.user(name), api.userGames(name), getCatalogue().catch(() => null)]).then(async ([u, g]) => {
    // One history per rated game (every speed at once).
    const rated = [...new Set(u.ratings.map((r) => r.game))];
    const histories = await Promise.all(rated.map((game) => api.userRatings(u.user.name, game).catch(() => ({ game, points: [] }))));
    if (left) return;
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
    const results = (u.results || []).length
      ? h('table.ratings#results', null,
          h('thead', null, h('tr', null, [t('profile.game'), t('profile.wins'), t('profile.draws'), t('profile.losses')].map((x) => h('th', null, x)))),
          h('tbody', null, u.results.map((r) => h('tr', { dataset: { game: r.game } },
            h('td', null, h('span', { class: `game-icon icon-${r.game}` }), gameTitle(r.game)),
            h('td.num.wins', null, r.wins), h('td.num.draws', null, r.draws), h('td.num.losses', null, r.losses)))))
      : h('p.muted', null, t('profile.no_games'));
    const charts = histories.flatMap((hist) => bySpeed(hist.points).map(({ speed, points }) => ratingChart(hist.game, speed, points)));
    const since = u.member_since ? new Date(u.member_since).toLocaleDateString(language(), { year: 'numeric', month: 'long', day: 'numeric' }) : null;
    replace(main,
      h('section.hero.small.profile-head', null,
        h('div.avatar', null, u.user.name.slice(0, 1).toUpperCase()),
        h('div', null, h('h1', null, u.user.name), u.user.guest ? h('span.badge', null, t('account.guest')) : null, botBadge(u.user),
          since ? h('p.muted.member-since#member-since', null, t('profile.member_since', { date: since })) : null),
        currentUser()?.id === u.user.id ? null : h('button.btn.primary.challenge-btn#challenge-player', {
          type: 'button',
          onclick: () => { prefillChallenge(u.user.name); navigate('/'); },
        }, t('profile.challenge', { name: u.user.name }))),
      h('div.profile-grid', null,
        h('div.profile-col', null,
          h('section.card', null, h('h2', null, t('profile.ratings')), ratings),
          h('section.card', null, h('h2', null, t('profile.results')), results),
          charts.length ? h('section.card#rating-charts', null, h('h2', null, t('profile.rating_history')), charts) : null,
          // One's own bots, for a registered person.
          currentUser()?.id === u.user.id && !u.user.guest && !u.user.bot ? botsCard() : null),
        h('section.card', null, h('h2', null, t('profile.history')), history)));
    fillScores(g.games, () => left);
  }).catch((err) => { if (!left) replace(main, errorBox(err)); });
  return () => { left = true; };
}

/**
 * The score of each finished game of a game with one (Chess Football) in
 * the history's rows: the summaries carry no position, so each such
 * game's state is read (its final position holds the goals).
 */
function fillScores(games, gone) {
  for (const game of games) {
    const mod = GAMES[game.game];
    if (!game.result || !mod || typeof mod.resultScore !== 'function' || finalScore(null, game.result)) continue;
    api.game(game.id).then((state) => {
      const score = finalScore(mod, game.result, state.position, state.options);
      const row = document.querySelector(`#history .game-row[data-id="${game.id}"] .game-row-result`);
      if (!gone() && score && row) row.textContent = resultWords(game.game, game.result, score);
    }).catch(() => {});
  }
}

/** One game and speed's rating line, as an SVG that scales to its card. */
function ratingChart(game, speed, points) {
  const g = chartGeometry(points);
  const date = (at) => new Date(at).toLocaleDateString(language());
  const title = `${gameTitle(game)} · ${t(`speed.${speed}`)}`;
  return h('figure.rating-chart', { dataset: { game, speed } },
    h('figcaption', null, title),
    s('svg', { viewBox: `0 0 ${CHART.width} ${CHART.height}`, role: 'img', 'aria-label': t('profile.chart_label', { title, count: points.length }) },
      g.ticks.map((tick) => s('g', { class: 'tick' },
        s('line', { class: 'chart-grid', x1: CHART.pad, x2: CHART.width - CHART.pad, y1: tick.y, y2: tick.y }),
        s('text', { class: 'chart-label', x: CHART.pad - 4, y: tick.y + 3, 'text-anchor': 'end' }, tick.label))),
      s('path', { class: 'chart-line', d: g.path }),
      g.dots.map((d) => s('circle', { class: 'chart-dot', cx: d.x, cy: d.y, r: 3 },
        s('title', null, `${Math.round(d.rating)} · ${date(d.at)}`)))));
}
