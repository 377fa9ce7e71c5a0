// Leaderboard: registered players by rating for one game and one speed,
// or each player's best over every speed (GET /api/leaderboard/{game}).
// The path names the choice: /leaderboard/<game>[/<speed>].

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { currentUser } from '../session.js';
import { getCatalogue, gameTitle, errorBox, botBadge } from './common.js';

export const name = 'leaderboard';
/** The speed choice for every speed (the API's query without `speed`). */
export const ALL = 'all';
/** Rows asked for (the API's most). */
export const LIMIT = 100;

/**
 * The choice named by the path's parts, checked against the server's
 * catalogue: an unknown game gives the first, an unknown or missing speed
 * every speed.
 */
export function selection([game, speed] = [], catalogue) {
  const games = (catalogue?.games || []).map((g) => g.name);
  const speeds = catalogue?.speeds || [];
  return { game: games.includes(game) ? game : games[0], speed: speeds.includes(speed) ? speed : ALL };
}

/** The page's path for a choice. */
export function leaderboardPath({ game, speed }) {
  return speed === ALL ? `/leaderboard/${game}` : `/leaderboard/${game}/${speed}`;
}

/** The API's query for a choice. */
export function leaderboardQuery({ speed }) {
  return speed === ALL ? { limit: String(LIMIT) } : { speed, limit: String(LIMIT) };
}

/**
 * The table's rows from the API's entries: rank, name, the rating
 * rounded with its margin (twice the deviation, as on profiles), games,
 * the speed, and whether the row is the viewer's.
 */
export function tableRows(entries, viewer) {
  return (entries || []).map((e) => ({
    rank: e.rank,
    name: e.name,
    rating: Math.round(e.rating),
    margin: Math.round(2 * e.deviation),
    games: e.games,
    speed: e.speed,
    you: Boolean(viewer && !viewer.guest && viewer.name === e.name),
    ...(e.bot ? { bot: true } : {}),
  }));
}

export function render(main, params) {
  let alive = true;
  let asked = 0;
  replace(main, h('div.card.loading', null, t('common.loading')));
  getCatalogue().then((catalogue) => {
    if (!alive) return;
    let choice = selection(params, catalogue);
    if (leaderboardPath(choice) !== location.pathname.replace(/\/+$/, '')) history.replaceState(null, '', leaderboardPath(choice));
    const gameTabs = h('div.segmented.lb-games#lb-game', { role: 'radiogroup', 'aria-label': t('leaderboard.game') });
    const speedTabs = h('div.segmented.lb-speeds#lb-speed', { role: 'radiogroup', 'aria-label': t('leaderboard.speed') });
    const body = h('div.lb-body#leaderboard', { 'aria-live': 'polite' });
    const tabs = (el, items, current, pick) => replace(el, items.map(([value, label]) => h('button', {
      type: 'button', role: 'radio', dataset: { value }, class: value === current ? 'active' : '', 'aria-checked': String(value === current), onclick: () => pick(value),
    }, label)));
    const draw = () => {
      tabs(gameTabs, catalogue.games.map((g) => [g.name, [h('span', { class: `game-icon icon-${g.name}` }), gameTitle(g.name)]]), choice.game, (game) => go({ ...choice, game }));
      tabs(speedTabs, [[ALL, t('leaderboard.all_speeds')], ...catalogue.speeds.map((sp) => [sp, t(`speed.${sp}`)])], choice.speed, (speed) => go({ ...choice, speed }));
      load();
    };
    const go = (next) => {
      choice = next;
      history.pushState(null, '', leaderboardPath(choice));
      draw();
    };
    const load = () => {
      const mine = ++asked;
      replace(body, h('p.muted', null, t('common.loading')));
      api.leaderboard(choice.game, leaderboardQuery(choice)).then((res) => {
        if (alive && mine === asked) replace(body, table(res.entries, choice));
      }).catch((err) => { if (alive && mine === asked) replace(body, errorBox(err)); });
    };
    replace(main,
      h('section.hero.small', null, h('h1', null, t('leaderboard.title')), h('p.lead', null, t('leaderboard.lead'))),
      h('section.card.leaderboard-card', null,
        h('div.field', null, h('span.field-label', null, t('leaderboard.game')), gameTabs),
        h('div.field', null, h('span.field-label', null, t('leaderboard.speed')), speedTabs),
        body));
    draw();
  }).catch((err) => { if (alive) replace(main, errorBox(err)); });
  return () => { alive = false; };
}

function table(entries, choice) {
  const rows = tableRows(entries, currentUser());
  if (!rows.length) {
    return h('div.empty.lb-empty#leaderboard-empty', null,
      h('p', null, choice.speed === ALL
        ? t('leaderboard.empty', { game: gameTitle(choice.game) })
        : t('leaderboard.empty_speed', { game: gameTitle(choice.game), speed: t(`speed.${choice.speed}`) })),
      h('p.muted.small', null, t('leaderboard.empty_hint')),
      h('a.btn.primary', { href: '/' }, t('leaderboard.play')));
  }
  const all = choice.speed === ALL;
  return h('table.ratings.leaderboard', null,
    h('thead', null, h('tr', null,
      h('th.num.lb-rank', { scope: 'col' }, t('leaderboard.rank')),
      h('th', { scope: 'col' }, t('leaderboard.player')),
      all ? h('th.lb-speed', { scope: 'col' }, t('leaderboard.speed')) : null,
      h('th.num', { scope: 'col' }, t('leaderboard.rating')),
      h('th.num', { scope: 'col' }, t('leaderboard.games')))),
    h('tbody', null, rows.map((r) => h('tr', { class: r.you ? 'lb-row you' : 'lb-row', dataset: { name: r.name } },
      h('td.num.lb-rank', null, r.rank),
      h('td.lb-name', null, h('a', { href: `/profile/${encodeURIComponent(r.name)}` }, r.name), botBadge(r), r.you ? h('span.badge.you', null, t('game.you')) : null),
      all ? h('td.lb-speed', null, t(`speed.${r.speed}`)) : null,
      h('td.num.lb-rating', null, h('strong', null, r.rating), h('span.muted.lb-margin', null, ` ±${r.margin}`)),
      h('td.num.lb-games', null, r.games)))));
}
