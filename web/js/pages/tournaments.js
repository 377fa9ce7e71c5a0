// Arena tournaments (docs/api.md, "Tournaments"): /tournaments lists the
// upcoming, running and finished ones and lets a registered player create
// one; /tournament/<id> shows one — its countdown, join/withdraw, the
// player's current game, and the standings (points, each game's score, a
// streak mark), live over the tournament's socket, final once it is over.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api, LiveSocket } from '../api.js';
import { currentUser, onUserChange } from '../session.js';
import { getCatalogue, gameTitle, clockText, formatMs, optionsText, optionLabel, optionValueLabel, errorBox } from './common.js';

export const name = 'tournaments';

/** The clocks offered (minutes + seconds). */
export const CLOCKS = [[1, 0], [3, 0], [3, 2], [5, 0], [5, 3], [10, 0], [15, 10]];
/** The durations offered, in minutes (the server takes 10 to 120). */
export const DURATIONS = [10, 20, 30, 45, 60, 90, 120];
/** The starts offered, in minutes from now. */
export const STARTS = [0, 5, 10, 30, 60];

/** The body of POST /api/tournaments from the form's choices. */
export function createBody({ name, game, options, clock, duration, start }) {
  const [min, inc] = clock;
  const body = {
    game,
    options: options || {},
    clock: { type: 'realtime', initial_ms: min * 60000, increment_ms: inc * 1000 },
    duration_ms: duration * 60000,
  };
  if (name && name.trim()) body.name = name.trim();
  if (start) body.start_in_ms = start * 60000;
  return body;
}

/**
 * What the countdown says at `now`: `{key, ms}` — the time to the start
 * of an upcoming tournament or to the end of a running one (`ms`, never
 * negative), or no time once it is over.
 */
export function countdown(summary, now) {
  switch (summary.status) {
    case 'upcoming': return { key: 'tournament.status.upcoming', ms: Math.max(0, summary.starts_at - now) };
    case 'running': return { key: 'tournament.status.running', ms: Math.max(0, summary.ends_at - now) };
    default: return { key: `tournament.status.${summary.status}`, ms: null };
  }
}

/** The countdown as text. */
export function countdownText(summary, now) {
  const { key, ms } = countdown(summary, now);
  return t(key, ms === null ? undefined : { time: formatMs(ms) });
}

/**
 * The viewer's place in a tournament: `{joined, active, playing}` (not
 * joined: all false/null).
 */
export function yourEntry(view, userId) {
  const s = (view.standings || []).find((e) => e.user.id === userId);
  return { joined: Boolean(s), active: Boolean(s?.active), playing: s?.playing || null };
}

/** Which button the viewer gets: 'join', 'withdraw', 'signup' (guests and visitors) or null (over). */
export function action(view, user) {
  const open = view.status === 'upcoming' || view.status === 'running';
  if (!open) return null;
  if (!user || user.guest) return 'signup';
  return yourEntry(view, user.id).active ? 'withdraw' : 'join';
}

/**
 * The standings' rows: rank, name, rating, points, each game's score with
 * whether it was a doubled win, the streak mark, paused, the game being
 * played, and whether the row is the viewer's.
 */
export function standingRows(standings, userId) {
  return (standings || []).map((s) => ({
    rank: s.rank,
    name: s.user.name,
    rating: s.rating,
    points: s.points,
    scores: s.scores.map((points) => ({ points, doubled: points > 2 })),
    fire: s.fire,
    paused: !s.active,
    playing: s.playing,
    you: s.user.id === userId,
  }));
}

export function render(main, [id], { navigate }) {
  return id ? renderOne(main, id) : renderList(main, navigate);
}

/** The list with the form. */
function renderList(main, navigate) {
  let alive = true;
  replace(main, h('div.card.loading', null, t('common.loading')));
  Promise.all([getCatalogue(), api.tournaments()]).then(([catalogue, lists]) => {
    if (!alive) return;
    const now = Date.now();
    const row = (s) => h('li.game-row.tournament-row', { dataset: { id: s.id } },
      h('span', { class: `game-icon icon-${s.game}` }),
      h('div.game-row-main', null,
        h('div.game-row-title', null, h('a.tournament-name', { href: `/tournament/${s.id}` }, s.name)),
        h('div.game-row-sub', null, `${gameTitle(s.game)} · ${clockText(s.clock)} · ${t('tournament.players', { n: s.players })}`,
          optionsText(s.game, s.options) ? h('span.muted', null, ` · ${optionsText(s.game, s.options)}`) : null)),
      h('div.game-row-actions.muted', null, countdownText(s, now)));
    const list = (items, empty, id) => (items.length
      ? h(`ul.game-list#${id}`, null, items.map(row))
      : h('p.muted.empty', null, t(empty)));
    replace(main,
      h('section.hero.small', null, h('h1', null, t('tournament.title')), h('p.lead', null, t('tournament.lead'))),
      h('div.tournaments-layout', null,
        h('section.card', null, h('h2', null, t('tournament.open')), list(lists.open, 'tournament.none', 'tournaments-open'),
          h('h2', null, t('tournament.finished_list')), list(lists.finished, 'tournament.none_finished', 'tournaments-finished')),
        createCard(catalogue, navigate)));
  }).catch((err) => { if (alive) replace(main, errorBox(err)); });
  return () => { alive = false; };
}

/** The form to create one (registered users; others are asked to sign up). */
function createCard(catalogue, navigate) {
  const user = currentUser();
  if (!user || user.guest) {
    return h('section.card.tournament-create', null, h('h2', null, t('tournament.create')),
      h('p', null, t('tournament.sign_up')), h('a.btn.primary', { href: '/signup' }, t('nav.signup')));
  }
  const error = h('div#tournament-error');
  const nameInput = h('input#tournament-name', { type: 'text', maxlength: '40', placeholder: t('tournament.name_placeholder') });
  const gameSelect = h('select#tournament-kind', null, catalogue.games.map((g) => h('option', { value: g.name }, gameTitle(g.name))));
  const optionsBox = h('div.tournament-options');
  const select = (id, items, chosen) => h(`select#${id}`, null, items.map(([value, label]) => h('option', { value, selected: value === chosen }, label)));
  const clockSelect = select('tournament-clock', CLOCKS.map(([m, s]) => [`${m}+${s}`, `${m}+${s}`]), '3+2');
  const durationSelect = select('tournament-duration', DURATIONS.map((n) => [String(n), t('tournament.minutes', { n })]), '30');
  const startSelect = select('tournament-start', STARTS.map((n) => [String(n), n ? t('tournament.start_in', { n }) : t('tournament.start_now')]), '0');
  const drawOptions = () => {
    const spec = catalogue.games.find((g) => g.name === gameSelect.value);
    replace(optionsBox, (spec?.options || []).filter((o) => o.kind.type === 'choice' || o.kind.type === 'integer' || o.kind.type === 'flag').map((o) => {
      // A wide range of numbers (Lines of Action's move limit: 0 to 100000) is typed, not a menu of every value.
      if (o.kind.type === 'integer' && o.kind.max - o.kind.min > 10) {
        return h('label.field', null, h('span.field-label', null, optionLabel(spec.name, o)),
          h('input', { type: 'number', min: o.kind.min, max: o.kind.max, step: 1, value: o.default, dataset: { option: o.key } }));
      }
      const values = o.kind.type === 'choice' ? o.kind.choices
        : o.kind.type === 'flag' ? ['on', 'off']
          : Array.from({ length: o.kind.max - o.kind.min + 1 }, (_, i) => String(o.kind.min + i));
      return h('label.field', null, h('span.field-label', null, optionLabel(spec.name, o)),
        h('select', { dataset: { option: o.key } }, values.map((v) => h('option', { value: v, selected: v === o.default }, optionValueLabel(spec.name, o.key, v)))));
    }));
  };
  gameSelect.addEventListener('change', drawOptions);
  drawOptions();
  const submit = h('button.btn.primary#tournament-create', { type: 'submit' }, t('tournament.create_button'));
  const form = h('form.tournament-form', {
    onsubmit: (e) => {
      e.preventDefault();
      submit.disabled = true;
      const options = {};
      for (const el of optionsBox.querySelectorAll('[data-option]')) options[el.dataset.option] = el.value;
      const body = createBody({
        name: nameInput.value,
        game: gameSelect.value,
        options,
        clock: clockSelect.value.split('+').map(Number),
        duration: Number(durationSelect.value),
        start: Number(startSelect.value),
      });
      api.createTournament(body)
        .then((res) => navigate(`/tournament/${res.tournament.id}`))
        .catch((err) => { replace(error, errorBox(err)); submit.disabled = false; });
    },
  },
  h('label.field', null, h('span.field-label', null, t('tournament.name')), nameInput),
  h('label.field', null, h('span.field-label', null, t('tournament.game')), gameSelect),
  optionsBox,
  h('label.field', null, h('span.field-label', null, t('tournament.clock')), clockSelect),
  h('label.field', null, h('span.field-label', null, t('tournament.duration')), durationSelect),
  h('label.field', null, h('span.field-label', null, t('tournament.start')), startSelect),
  error, submit);
  return h('section.card.tournament-create', null, h('h2', null, t('tournament.create')), h('p.muted.small', null, t('tournament.rules')), form);
}

/** One tournament, live. */
function renderOne(main, id) {
  let view = null;
  let alive = true;
  // Views pushed by the socket so far: an answer to a join or withdrawal
  // is shown only if none came while it was on its way (it may have been
  // read before a pairing whose push arrived first; the socket always
  // sends the state after the change).
  let pushes = 0;
  const head = h('section.card.tournament-head#tournament-head');
  const you = h('div.tournament-you#tournament-you', { 'aria-live': 'polite' });
  const table = h('section.card.tournament-standings#tournament-standings', { 'aria-live': 'polite' });
  const error = h('div#tournament-error');
  const clock = h('span.tournament-countdown#tournament-countdown');
  replace(main, h('div.card.loading', null, t('common.loading')));
  const act = (call) => {
    const seen = pushes;
    return call(id).then((res) => {
      if (pushes === seen) view = res.tournament;
      draw();
      replace(error);
    })
      .catch((err) => replace(error, errorBox(err)));
  };
  const draw = () => {
    if (!alive || !view) return;
    const user = currentUser();
    const mine = user ? yourEntry(view, user.id) : { joined: false, active: false, playing: null };
    const button = action(view, user);
    replace(head,
      h('div.panel-title', null, h('span', { class: `game-icon icon-${view.game}` }), h('h1#tournament-title', null, view.name)),
      h('p.muted', null, `${gameTitle(view.game)} · ${clockText(view.clock)} · ${t(`speed.${view.speed}`)}`,
        optionsText(view.game, view.options) ? ` · ${optionsText(view.game, view.options)}` : ''),
      h('p.tournament-facts', null, h('span#tournament-status', { dataset: { status: view.status } }, clock), ' · ',
        h('span#tournament-players', null, t('tournament.players', { n: view.players })), ' · ',
        t('tournament.games_count', { n: view.games })),
      h('p.muted.small', null, t('tournament.rules')),
      button === 'join' ? h('button.btn.primary#tournament-join', { type: 'button', onclick: () => act(api.joinTournament) }, t('tournament.join')) : null,
      button === 'withdraw' ? h('button.btn.ghost#tournament-withdraw', { type: 'button', onclick: () => act(api.withdrawTournament) }, t('tournament.withdraw')) : null,
      button === 'signup' ? h('p', null, t('tournament.sign_up'), ' ', h('a.btn.small', { href: '/signup' }, t('nav.signup'))) : null,
      error);
    replace(you, mine.playing
      ? h('a.btn.primary.big#tournament-game', { href: `/game/${mine.playing}` }, t('tournament.your_game'))
      : mine.active && view.status === 'running' ? h('p.muted#tournament-waiting', null, t('tournament.waiting')) : null);
    drawClock();
    drawStandings(table, view, user);
  };
  const drawClock = () => { if (view) clock.textContent = countdownText(view, Date.now()); };
  const tick = setInterval(drawClock, 1000);
  const socket = new LiveSocket(`/api/tournaments/${encodeURIComponent(id)}/ws`, {
    onMessage: (msg) => { if (msg.type === 'tournament') { pushes += 1; view = msg.tournament; draw(); } },
  });
  const offUser = onUserChange(() => draw());
  Promise.all([getCatalogue(), api.tournament(id)]).then(([, res]) => {
    if (!alive) return;
    view = view || res.tournament;
    replace(main, h('div.tournament-page', null, head, you, table));
    draw();
  }).catch((err) => { if (alive) replace(main, errorBox(err)); });
  return () => {
    alive = false;
    clearInterval(tick);
    socket.close();
    offUser();
  };
}

/** The standings table (the winner named once it is finished). */
function drawStandings(el, view, user) {
  const rows = standingRows(view.standings, user?.id);
  const finished = view.status === 'finished';
  if (!rows.length) {
    replace(el, h('h2', null, t('tournament.standings')), h('p.muted#tournament-empty', null, t('tournament.empty')));
    return;
  }
  replace(el,
    h('h2', null, t(finished ? 'tournament.final' : 'tournament.standings')),
    finished && rows[0].points > 0 ? h('p.tournament-winner#tournament-winner', null, t('tournament.winner', { name: rows[0].name })) : null,
    h('div.table-scroll', null, h('table.ratings.tournament-table', null,
      h('thead', null, h('tr', null,
        h('th.num', { scope: 'col' }, t('tournament.rank')),
        h('th', { scope: 'col' }, t('tournament.player')),
        h('th.num.t-rating', { scope: 'col' }, t('tournament.rating')),
        h('th.t-scores', { scope: 'col' }, t('tournament.scores')),
        h('th.num', { scope: 'col' }, t('tournament.points')))),
      h('tbody', null, rows.map((r) => h('tr', { class: ['t-row', r.you ? 'you' : '', r.paused ? 'paused' : ''], dataset: { name: r.name } },
        h('td.num.t-rank', null, r.rank),
        h('td.t-name', null, h('a', { href: `/profile/${encodeURIComponent(r.name)}` }, r.name),
          r.paused ? h('span.badge.muted', null, t('tournament.paused')) : null,
          r.playing ? h('a.t-playing', { href: `/game/${r.playing}`, title: t('tournament.watch') }, '▶') : null),
        h('td.num.t-rating', null, r.rating),
        h('td.t-scores', null, r.scores.length
          ? r.scores.map((s) => h('span', { class: ['t-score', s.doubled ? 'doubled' : ''] }, s.points))
          : h('span.muted.t-no-games', null, t(r.playing ? 'tournament.first_game' : 'tournament.no_games'))),
        h('td.num.t-points', null, h('strong', null, r.points),
          r.fire ? h('span.t-fire', { title: t('tournament.fire'), 'aria-label': t('tournament.fire') }, '🔥') : null)))))));
}
