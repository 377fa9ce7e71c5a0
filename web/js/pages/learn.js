// Lessons (issue 25): /learn lists the games with the viewer's progress,
// /learn/<game> walks that game's lesson, one short step at a time, on the
// real board. The lessons are data (web/js/learn/<game>.json: each step a
// position, its options, moves played before it, a goal and the catalogue
// key of its texts); the rules are the server's: a step's position and
// legal moves, and the position after the move tried, come from POST
// /api/positions, and the goal is checked on that answer (the move
// played, the outcome, a capture, a goal scored). Progress is kept on the
// server for a signed-in user or guest (GET/PUT /api/learn/progress), in
// this browser's localStorage for a visitor without a session.
// web/js/learn/README.md describes the lesson files.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { request } from '../api.js';
import { Board } from '../board/board.js';
import { gameModule, GAME_IDS } from '../games/index.js';
import { chooseMove, dismissChooser } from '../panels/chooser.js';
import { actionsPanel } from '../panels/actions.js';
import { currentUser } from '../session.js';
import { gameTitle, sideName, errorBox } from './common.js';
import { miniBoard } from './diagrams.js';

export const name = 'learn';

/** Where a visitor without a session keeps their progress. */
const LOCAL_KEY = 'gamut.learn.progress';
/** How long a wrong move stays on the board before the position resets (ms). */
const WRONG_SHOWN_MS = 700;

// ---- the lessons (data) --------------------------------------------------

const lessons = new Map();

/** The lesson of `game` (web/js/learn/<game>.json), or null if it has none. */
export function loadLesson(game) {
  if (!lessons.has(game)) {
    lessons.set(game, fetch(`/js/learn/${encodeURIComponent(game)}.json`)
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null));
  }
  return lessons.get(game);
}

// ---- progress ------------------------------------------------------------

function readLocal() {
  try {
    const data = JSON.parse(localStorage.getItem(LOCAL_KEY) || '{}');
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

function writeLocal(game, steps) {
  const data = readLocal();
  data[game] = [...steps].sort((a, b) => a - b);
  try { localStorage.setItem(LOCAL_KEY, JSON.stringify(data)); } catch { /* private mode: kept for this page only */ }
}

function clearLocal(game) {
  const data = readLocal();
  delete data[game];
  try { localStorage.setItem(LOCAL_KEY, JSON.stringify(data)); } catch { /* nothing kept */ }
}

/**
 * The done steps of every game, `{game: Set(ids)}`: the server's for a
 * signed-in user (steps done before signing in, kept in this browser, are
 * added to them and saved), else this browser's.
 */
export async function loadProgress() {
  const local = readLocal();
  const out = {};
  const ids = (list) => new Set((Array.isArray(list) ? list : []).filter((n) => Number.isInteger(n) && n >= 1 && n <= 64));
  if (!currentUser()) {
    for (const g of GAME_IDS) out[g] = ids(local[g]);
    return out;
  }
  const { games } = await request('GET', '/api/learn/progress');
  for (const entry of games) out[entry.game] = ids(entry.steps);
  for (const g of GAME_IDS) {
    out[g] ??= new Set();
    const extra = [...ids(local[g])].filter((n) => !out[g].has(n));
    if (!extra.length) continue;
    for (const n of extra) out[g].add(n);
    await saveProgress(g, out[g]).then(() => clearLocal(g), () => {});
  }
  return out;
}

/** Saves the done steps of `game`: on the server for a signed-in user, else in this browser. */
export async function saveProgress(game, steps) {
  if (!currentUser()) {
    writeLocal(game, steps);
    return;
  }
  await request('PUT', `/api/learn/progress/${encodeURIComponent(game)}`, { steps: [...steps].sort((a, b) => a - b) });
}

// ---- goals -----------------------------------------------------------------

/**
 * Whether the answer `after` (POST /api/positions with the move played
 * last) meets `goal` for the side that moved, from the position `before`.
 * Nothing here knows a rule: the move is the server's canonical text, the
 * outcome is the server's, a capture is read from the notation and a
 * goal from the score the position text carries.
 */
export function goalMet(goal, before, after, mod) {
  const played = after.moves[after.moves.length - 1];
  const mover = before.to_move;
  switch (goal.kind) {
    case 'any':
      return true;
    case 'move':
      return (goal.moves || []).includes(played) || (Boolean(goal.prefix) && played.startsWith(goal.prefix));
    case 'capture': {
      const parts = mod.moveParts(played, mod.parse(before.position, before.options));
      return ['capture', 'tackle'].includes(parts.kind) && (!goal.square || parts.to === goal.square);
    }
    case 'win':
      return Boolean(after.outcome) && after.outcome.winner === mover && (!goal.reason || after.outcome.reason === goal.reason);
    case 'draw':
      return Boolean(after.outcome) && after.outcome.winner === null && (!goal.reason || after.outcome.reason === goal.reason);
    case 'goal': {
      const was = mod.parse(before.position, before.options).score;
      const now = mod.parse(after.position, after.options).score;
      return Boolean(was && now) && now[mover] > was[mover];
    }
    default:
      return false;
  }
}

// ---- pages -----------------------------------------------------------------

export function render(main, [game]) {
  if (!game) return renderIndex(main);
  if (!GAME_IDS.includes(game)) {
    replace(main, h('section.card.empty', null, h('h1', null, t('error.not_found')), h('a', { href: '/learn' }, t('learn.title'))));
    return null;
  }
  return renderLesson(main, game);
}

function progressBar(done, total) {
  const pct = total ? Math.round((100 * done) / total) : 0;
  // Set through the CSSOM: the Content-Security-Policy refuses style attributes.
  const fill = h('div.learn-progress-fill');
  fill.style.width = `${pct}%`;
  return h('div.learn-progress', { role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': String(total), 'aria-valuenow': String(done), 'aria-label': t('learn.progress', { done, total }) },
    fill);
}

function renderIndex(main) {
  let cancelled = false;
  replace(main, h('div.card.loading', null, t('common.loading')));
  Promise.all([Promise.all(GAME_IDS.map((g) => loadLesson(g))), loadProgress().catch(() => null)])
    .then(([all, progress]) => {
      if (cancelled) return;
      const cards = GAME_IDS.map((g, i) => {
        const lesson = all[i];
        if (!lesson) return null;
        const total = lesson.steps.length;
        const done = lesson.steps.filter((st) => progress?.[g]?.has(st.id)).length;
        const label = done === 0 ? t('learn.start') : done >= total ? t('learn.review') : t('learn.continue');
        return h('a.card.learn-card', { href: `/learn/${g}`, dataset: { game: g } },
          miniBoard(g),
          h('h2', null, gameTitle(g)),
          h('p', null, t(`learn.${g}.summary`)),
          progressBar(done, total),
          h('p.learn-count', { dataset: { done, total } }, done >= total ? t('learn.all_done') : t('learn.progress', { done, total })),
          h('span.btn.primary.small', null, label));
      });
      replace(main,
        h('section.hero.small', null, h('h1', null, t('learn.title')), h('p.lead', null, t('learn.lead'))),
        progress ? null : h('p.hint', null, t('learn.progress_unavailable')),
        h('div.learn-index', null, cards));
    });
  return () => { cancelled = true; };
}

function renderLesson(main, game) {
  let cancelled = false;
  let stop = null;
  replace(main, h('div.card.loading', null, t('common.loading')));
  Promise.all([loadLesson(game), loadProgress().catch(() => null)])
    .then(([lesson, progress]) => {
      if (cancelled) return;
      if (!lesson) {
        replace(main, h('section.card.empty', null, h('h1', null, t('error.not_found')), h('a', { href: '/learn' }, t('learn.title'))));
        return;
      }
      stop = showLesson(main, game, lesson, progress?.[game] ?? new Set(), Boolean(progress));
    });
  return () => { cancelled = true; stop?.(); };
}

function showLesson(main, game, lesson, done, saved) {
  const mod = gameModule(game);
  const steps = lesson.steps;
  const q = new URLSearchParams(location.search);
  const asked = steps.findIndex((st) => String(st.id) === q.get('step'));
  // Start at the step asked for, else the first not done yet.
  let index = asked >= 0 ? asked : Math.max(0, steps.findIndex((st) => !done.has(st.id)));
  let before = null; // the step's position (POST /api/positions)
  let state = 'loading'; // 'play', 'checking', 'wrong', 'done'
  let resetTimer = 0;
  let gone = false;
  let saveError = saved ? null : t('learn.progress_unavailable');

  const host = h('div.board-host');
  const board = new Board(host, mod, {
    onMove: (text) => tryMove(text),
    onChoose: (candidates) => mod.autoChoice(candidates, board.state.view) ?? chooseMove(mod, candidates),
  });
  const actions = actionsPanel();
  const counter = h('span.learn-step-count#learn-step-count');
  const title = h('h2#learn-step-title');
  const task = h('p.learn-task#learn-task');
  const toMove = h('p.muted.learn-to-move#learn-to-move');
  const feedback = h('div.card.learn-feedback#learn-feedback', { 'aria-live': 'polite' });
  const list = h('ol.learn-steps#learn-steps');
  const bar = h('div');

  const stepKey = (st, part) => `${st.text}.${part}`;

  // Saves one after the other, each with every step done by then (so the
  // last one saved holds them all). Without the stored progress (it could
  // not be read), the steps are kept in this browser, to be added to the
  // account's next time: a save would replace the stored ones.
  let saving = Promise.resolve();
  function save() {
    if (!saved) {
      writeLocal(game, done);
      return;
    }
    saving = saving.then(() => saveProgress(game, new Set(done))).catch((err) => {
      saveError = t('learn.progress_not_saved');
      feedback.append(errorBox(err));
    });
  }

  function source(st, extra = []) {
    const body = { game, moves: [...(st.moves || []), ...extra] };
    if (st.position) body.position = st.position;
    if (st.options && Object.keys(st.options).length) body.options = st.options;
    return body;
  }

  function drawList() {
    replace(list, steps.map((st, i) => h('li', null, h('button', {
      type: 'button',
      class: ['learn-step', i === index ? 'current' : '', done.has(st.id) ? 'done' : ''],
      dataset: { step: st.id },
      'aria-current': i === index ? 'step' : null,
      title: t(stepKey(st, 'title')),
      onclick: () => go(i),
    }, h('span.learn-step-num', null, String(i + 1)), h('span.learn-step-name', null, t(stepKey(st, 'title')))))));
    const n = steps.filter((st) => done.has(st.id)).length;
    replace(bar, progressBar(n, steps.length), h('p.learn-count#learn-count', { dataset: { done: n, total: steps.length } },
      n >= steps.length ? t('learn.all_done') : t('learn.progress', { done: n, total: steps.length })));
  }

  function drawBoard(info, interactive, lastMove = null, animate = false) {
    const view = mod.parse(info.position, info.options);
    const legal = interactive ? info.legal : [];
    board.update({ view, legal, lastMove, interactive: interactive && legal.length > 0, animate });
    actions.update(board.actions(), legal, mod, (text) => tryMove(text), view);
  }

  function showFeedback(...children) {
    replace(feedback, children.flat().filter(Boolean));
    feedback.hidden = !feedback.firstChild;
  }

  function hintButton(st) {
    return h('button.btn.ghost.small#learn-hint-button', {
      type: 'button',
      onclick: () => showFeedback(h('p.learn-hint#learn-hint', null, h('strong', null, `${t('learn.hint')} `), t(stepKey(st, 'hint')))),
    }, t('learn.show_hint'));
  }

  async function go(i) {
    clearTimeout(resetTimer);
    dismissChooser();
    index = i;
    const st = steps[index];
    state = 'loading';
    before = null;
    history.replaceState(null, '', `/learn/${game}?step=${st.id}`);
    replace(counter, t('learn.step_of', { step: index + 1, total: steps.length }));
    replace(title, t(stepKey(st, 'title')));
    replace(task, t(stepKey(st, 'task')));
    replace(toMove);
    showFeedback(hintButton(st), saveError ? h('p.hint', null, saveError) : null);
    drawList();
    try {
      const info = await request('POST', '/api/positions', source(st));
      if (gone || steps[index] !== st) return;
      before = info;
      state = 'play';
      replace(toMove, t('learn.you_play', { side: sideName(game, info.to_move) }));
      drawBoard(info, true, (st.moves || []).length ? info.moves[info.moves.length - 1] : null);
    } catch (err) {
      if (!gone) showFeedback(errorBox(err));
    }
  }

  async function tryMove(text) {
    if (state !== 'play' || !before) return;
    const st = steps[index];
    state = 'checking';
    let after;
    try {
      after = await request('POST', '/api/positions', source(st, [text]));
    } catch (err) {
      state = 'play';
      showFeedback(errorBox(err), hintButton(st));
      return;
    }
    if (gone || steps[index] !== st) return;
    const played = after.moves[after.moves.length - 1];
    drawBoard(after, false, played, true);
    if (goalMet(st.goal, before, after, mod)) {
      state = 'done';
      const fresh = !done.has(st.id);
      done.add(st.id);
      drawList();
      const last = index === steps.length - 1;
      const all = steps.every((s2) => done.has(s2.id));
      showFeedback(
        h('p.learn-right#learn-right', null, h('strong', null, t('learn.right'))),
        h('p.learn-why#learn-why', null, t(stepKey(st, 'why'))),
        last && all ? h('p.learn-complete#learn-complete', null, t('learn.complete', { game: gameTitle(game) })) : null,
        h('div.learn-next-row', null,
          last
            ? [h('a.btn.primary#learn-finish', { href: '/learn' }, t('learn.back_to_list')), h('a.btn.ghost', { href: '/' }, t('rules.play_now'))]
            : h('button.btn.primary#learn-next', { type: 'button', onclick: () => go(index + 1) }, t('learn.next'))));
      document.getElementById('learn-next')?.focus({ preventScroll: true });
      if (fresh) save();
      return;
    }
    state = 'wrong';
    showFeedback(
      h('p.learn-wrong#learn-wrong', null, h('strong', null, t('learn.not_quite'))),
      h('p.learn-hint#learn-hint', null, h('strong', null, `${t('learn.hint')} `), t(stepKey(st, 'hint'))));
    resetTimer = setTimeout(() => {
      if (gone || steps[index] !== st || state !== 'wrong') return;
      state = 'play';
      drawBoard(before, true, (st.moves || []).length ? before.moves[before.moves.length - 1] : null);
    }, WRONG_SHOWN_MS);
  }

  replace(main,
    h('div.learn-layout', null,
      h('div.card.learn-head', null,
        h('p.learn-crumbs', null, h('a', { href: '/learn' }, t('learn.title')), ' · ', h('a#learn-rules-link', { href: `/rules/${game}` }, t('learn.read_rules'))),
        h('h1', null, t('learn.lesson_title', { game: gameTitle(game) })),
        counter, title, task, toMove),
      h('div.board-column.learn-board', null, h('div.board-wrap', null, host), actions.el),
      feedback,
      h('div.card.learn-steps-card', null, h('h2', null, t('learn.steps')), bar, list)));
  go(index);
  return () => {
    gone = true;
    clearTimeout(resetTimer);
    dismissChooser();
  };
}
