// Puzzles (issue 25): /puzzles lists each game's puzzles (how many, the
// viewer's puzzle rating and streak, today's puzzle, the themes);
// /puzzles/<game> plays one puzzle after another (of `?theme=`, leaving out
// `?after=`), /puzzles/<game>/daily today's, /puzzle/<id> a given one.
//
// The board is seen from the solver's side (the side to move at the
// start). Each move goes to the server (POST /api/puzzle/<id>/moves),
// which says whether it is right, and plays the opponent's reply; a wrong
// move fails the puzzle, and the answer that refutes it is shown. The
// rules are the server's, as on the lessons page: the position and legal
// moves, and the position after each move, come from POST /api/positions.
// Once it ends: the themes, the puzzle's rating, the viewer's rating
// change and streak (a registered person's first try is rated), a new
// try (unrated), the solution move by move, the next puzzle and the
// analysis board. The try's logic is puzzle-model.js's.

import { h, replace } from '../dom.js';
import { t, has } from '../i18n.js';
import { request } from '../api.js';
import { Board } from '../board/board.js';
import { gameModule, GAME_IDS } from '../games/index.js';
import { chooseMove, dismissChooser } from '../panels/chooser.js';
import { actionsPanel } from '../panels/actions.js';
import { boardFlash } from '../panels/banner.js';
import { play as playSound } from '../sound.js';
import { icon } from '../icons.js';
import { currentUser } from '../session.js';
import { gameTitle, sideName, errorBox } from './common.js';
import { miniBoard } from './diagrams.js';
import * as P from '../puzzle-model.js';

export const name = 'puzzles';

/** /puzzles, /puzzles/<game>, /puzzles/<game>/daily. */
export function render(main, [game, daily], { navigate }) {
  if (!game) return renderIndex(main);
  if (!GAME_IDS.includes(game)) {
    replace(main, h('section.card.empty', null, h('h1', null, t('error.not_found')), h('a', { href: '/puzzles' }, t('puzzles.title'))));
    return null;
  }
  const q = new URLSearchParams(location.search);
  return renderPuzzle(main, { game, daily: Boolean(daily), theme: q.get('theme') || '', after: q.get('after') || '' }, navigate);
}

/** /puzzle/<id>: one puzzle. */
export const single = {
  name,
  render: (main, [id], { navigate }) => renderPuzzle(main, { id }, navigate),
};

// ---- pieces shared by both pages --------------------------------------------

/** "Sign up to get a puzzle rating", a link. */
function signUpNote(id) {
  return h('p.hint.puzzle-signup', { id }, h('a', { href: '/signup' }, t('puzzles.sign_up')));
}

/** The viewer's rating (provisional or not) and streak in one game. */
function playerLine(player, id) {
  return h('p.puzzle-player', { id, dataset: { rating: player.rating, streak: player.streak } },
    h('strong', null, t('puzzles.your_rating', { rating: player.rating })),
    P.provisional(player) ? h('span.muted', null, ` ${t('puzzles.provisional')}`) : null,
    h('span.puzzle-streak', null, ` · ${t('puzzles.streak', { streak: player.streak, best: player.best_streak })}`));
}

/** A theme as a link to its puzzles. */
function themeChip(game, theme, count) {
  return h('li', null, h('a.chip.puzzle-theme', { href: P.themeHref(game, theme), dataset: { theme } },
    P.themeName(theme), count === undefined ? null : h('span.muted', null, ` ${count}`)));
}

// ---- /puzzles ---------------------------------------------------------------

function renderIndex(main) {
  let cancelled = false;
  replace(main, h('div.card.loading', null, t('common.loading')));
  request('GET', '/api/puzzles')
    .then((data) => {
      if (cancelled) return;
      const cards = data.games.filter((g) => GAME_IDS.includes(g.game)).map((entry) => {
        const g = entry.game;
        return h('section.card.puzzle-card', { dataset: { game: g } },
          miniBoard(g),
          h('h2', null, gameTitle(g)),
          h('p.learn-count.puzzle-count', { dataset: { count: entry.count } }, t('puzzles.count', { n: entry.count })),
          entry.player ? playerLine(entry.player) : signUpNote(),
          h('div.learn-next-row', null,
            h('a.btn.primary.small.puzzle-play', { href: `/puzzles/${g}` }, t('puzzles.play')),
            h('a.btn.ghost.small.puzzle-daily', { href: `/puzzles/${g}/daily`, dataset: { id: entry.daily } }, t('puzzles.daily'))),
          h('h3', null, t('puzzles.themes')),
          h('ul.puzzle-themes', null, entry.themes.map((th) => themeChip(g, th.theme, th.count))));
      });
      replace(main,
        h('section.hero.small', null, h('h1', null, t('puzzles.title')), h('p.lead', null, t('puzzles.lead'))),
        h('div.learn-index.puzzles-index', null, cards));
    })
    .catch((err) => {
      if (!cancelled) replace(main, h('section.card', null, h('h1', null, t('puzzles.title')), errorBox(err)));
    });
  return () => { cancelled = true; };
}

// ---- one puzzle ---------------------------------------------------------------

function renderPuzzle(main, want, navigate) {
  let cancelled = false;
  let stop = null;
  replace(main, h('div.card.loading', null, t('common.loading')));
  // The games' list beside it: the themes to choose from, the viewer's rating.
  const index = request('GET', '/api/puzzles').catch(() => null);
  request('GET', P.puzzlePath(want))
    .then(async (puzzle) => {
      const [start, all] = await Promise.all([request('POST', '/api/positions', P.positionBody(puzzle, [])), index]);
      if (cancelled) return;
      const entry = all?.games.find((g) => g.game === puzzle.game) ?? null;
      const user = currentUser();
      const registered = all ? all.rated : Boolean(user && !user.guest && !user.bot);
      stop = showPuzzle(main, { puzzle, start, entry, registered, theme: want.theme || '' }, navigate);
    })
    .catch((err) => {
      if (cancelled) return;
      replace(main, h('section.card', null, h('h1', null, t('puzzles.title')), errorBox(err),
        h('p', null, h('a', { href: '/puzzles' }, t('puzzles.all')))));
    });
  return () => { cancelled = true; stop?.(); };
}

function showPuzzle(main, { puzzle, start, entry, registered, theme }, navigate) {
  const mod = gameModule(puzzle.game);
  const solver = start.to_move;
  const flipped = solver === 1;
  const positions = new Map([['', start]]); // the positions seen, by their moves
  let tr = P.newTry(puzzle, { registered });
  let turn = 0; // bumped by each move and each new try: late answers are dropped
  let timer = 0;
  let gone = false;
  let player = entry?.player ?? null;

  const host = h('div.board-host');
  const wrap = h('div.board-wrap', null, host);
  const board = new Board(host, mod, {
    onMove: (text) => play(text),
    onChoose: (candidates) => mod.autoChoice(candidates, board.state.view) ?? chooseMove(mod, candidates),
  });
  const actions = actionsPanel();
  const status = h('p.puzzle-status#puzzle-status', { 'aria-live': 'polite' });
  const feedback = h('div.card.learn-feedback.puzzle-feedback#puzzle-feedback', { 'aria-live': 'polite' });
  const playerEl = h('div#puzzle-player');
  const unratedEl = h('p.hint#puzzle-unrated');
  const solutionNav = h('div.replay-nav.puzzle-solution-nav#puzzle-solution-nav');
  const giveUp = h('button.btn.ghost.small#puzzle-give-up', { type: 'button', title: t('puzzles.give_up_note'), onclick: () => showSolution() }, t('puzzles.show_solution'));

  /** The position after `moves` from the puzzle's start (asked once). */
  async function positionAfter(moves) {
    const key = moves.join(' ');
    if (!positions.has(key)) positions.set(key, await request('POST', '/api/positions', P.positionBody(puzzle, moves)));
    return positions.get(key);
  }

  function draw(info, { interactive = false, animate = false } = {}) {
    const view = mod.parse(info.position, puzzle.options);
    const legal = interactive ? info.legal : [];
    const lastMove = info.moves.length ? info.moves[info.moves.length - 1] : null;
    board.update({ view, legal, flipped, lastMove, interactive: legal.length > 0, animate });
    actions.update(board.actions(), legal, mod, (text) => play(text), view);
    host.dataset.moves = info.moves.join(' '); // what the board shows, from the puzzle's start
    // A move just played that the game celebrates (a goal: the pieces are then placed again).
    const flash = animate && mod.moveFlash(view);
    if (flash) {
      playSound(flash.sound);
      boardFlash(wrap, flash);
    }
  }

  function say(text, cls = '') {
    status.className = `puzzle-status ${cls}`.trim();
    replace(status, text);
  }

  const yourMove = () => say(t('puzzles.your_move', { side: sideName(puzzle.game, solver) }));

  /** Back to `before` after a request failed: its position, the solver's turn, the error. */
  async function resume(before, err) {
    tr = before;
    yourMove();
    showFeedback(errorBox(err));
    draw(await positionAfter(before.played).catch(() => start), { interactive: true });
  }

  function showFeedback(...children) {
    replace(feedback, children.flat().filter(Boolean));
    feedback.hidden = !feedback.firstChild;
  }

  function drawPlayer() {
    replace(playerEl, player ? playerLine(player, 'puzzle-player-line') : (registered ? null : signUpNote()));
    replace(unratedEl, tr.unrated === 'again' ? t('puzzles.unrated_again') : null);
    unratedEl.hidden = tr.unrated !== 'again';
  }

  // A new try from the start (the first, or "Try again": unrated).
  function begin(retry) {
    clearTimeout(timer);
    dismissChooser();
    turn += 1;
    tr = P.newTry(puzzle, { registered, retry });
    giveUp.hidden = false;
    replace(solutionNav);
    solutionNav.hidden = true;
    showFeedback();
    drawPlayer();
    yourMove();
    draw(start, { interactive: true });
  }

  async function play(text) {
    if (tr.phase !== 'solving') return;
    const before = tr;
    const mine = ++turn;
    tr = P.sent(tr);
    say(t('puzzles.checking'));
    const verdict = request('POST', `/api/puzzle/${encodeURIComponent(puzzle.id)}/moves`, { played: before.played, move: text });
    verdict.catch(() => {}); // answered below
    let after;
    let answer;
    try {
      after = await positionAfter([...before.played, text]);
      if (gone || mine !== turn) return;
      draw(after, { animate: true });
      answer = await verdict;
    } catch (err) {
      if (!gone && mine === turn) resume(before, err);
      return;
    }
    if (gone || mine !== turn) return;
    tr = P.answered(before, after.moves[after.moves.length - 1], answer);
    if (tr.phase === 'replying') {
      say(t('puzzles.right'), 'right');
      showFeedback(h('p.learn-right#puzzle-right', null, h('strong', null, t('puzzles.right'))), h('p', null, t('puzzles.keep_going')));
      // The reply, after a moment, then the solver's turn again.
      timer = setTimeout(() => reply(mine), P.REPLY_MS);
      return;
    }
    finish();
    // A wrong move: after a moment, the answer that refutes it.
    if (tr.phase === 'failed' && tr.refutation.length) timer = setTimeout(() => refute(mine), P.REPLY_MS);
  }

  async function reply(mine) {
    try {
      const info = await positionAfter(tr.played);
      if (gone || mine !== turn) return;
      tr = P.replied(tr);
      draw(info, { interactive: true, animate: true });
      yourMove();
      showFeedback(h('p.learn-right#puzzle-right', null, h('strong', null, t('puzzles.right'))),
        h('p#puzzle-reply', null, t('puzzles.opponent_replied', { move: tr.played[tr.played.length - 1] })));
    } catch (err) {
      if (!gone && mine === turn) showFeedback(errorBox(err));
    }
  }

  async function refute(mine) {
    try {
      const info = await positionAfter(P.boardMoves(tr));
      if (gone || mine !== turn || tr.step !== null) return;
      draw(info, { animate: true });
      updateAnalysisLink();
    } catch (err) {
      if (!gone && mine === turn) feedback.append(errorBox(err));
    }
  }

  // Giving up (before the end: counts as a failed try) or, once failed, the solution.
  async function showSolution() {
    if (tr.phase === 'checking') return;
    clearTimeout(timer);
    dismissChooser();
    if (P.ended(tr)) {
      step(1);
      return;
    }
    const before = P.replied(tr); // a reply about to be played: on the board with the rest
    const mine = ++turn;
    tr = P.sent(tr);
    say(t('puzzles.checking'));
    try {
      const answer = await request('POST', `/api/puzzle/${encodeURIComponent(puzzle.id)}/solution`);
      if (gone || mine !== turn) return;
      tr = P.gaveUp(tr, answer);
    } catch (err) {
      if (!gone && mine === turn) resume(before, err);
      return;
    }
    finish();
    step(tr.step);
  }

  async function step(n) {
    tr = P.showStep(tr, n);
    const shown = tr.step;
    const total = tr.solution.length;
    const mine = turn;
    drawSolutionNav();
    try {
      const info = await positionAfter(P.boardMoves(tr));
      if (gone || mine !== turn || tr.step !== shown) return;
      draw(info, { animate: shown > 0 });
      say(shown === total ? t('puzzles.solution_end') : t('puzzles.solution_step', { step: shown, total }));
      updateAnalysisLink();
    } catch (err) {
      if (!gone) feedback.append(errorBox(err));
    }
  }

  function drawSolutionNav() {
    const total = tr.solution.length;
    const button = (id, label, name, to) => h(`button.icon-btn#${id}`, { type: 'button', 'aria-label': t(label), title: t(label), onclick: () => step(to) }, icon(name));
    solutionNav.hidden = false;
    replace(solutionNav,
      h('strong', null, t('puzzles.solution')),
      button('puzzle-solution-first', 'game.first', 'first', 0),
      button('puzzle-solution-prev', 'game.prev', 'prev', tr.step - 1),
      h('span.puzzle-solution-count#puzzle-solution-step', { dataset: { step: tr.step, total } }, `${tr.step} / ${total}`),
      button('puzzle-solution-next', 'game.next', 'next', tr.step + 1),
      button('puzzle-solution-last', 'game.last', 'last', total));
  }

  const analysisLink = h('a.btn.ghost#puzzle-analysis', { href: '/analysis' }, t('puzzles.analysis'));
  function updateAnalysisLink() {
    analysisLink.href = P.analysisHref(puzzle, P.boardMoves(tr));
  }

  // The end: solved or failed, what it did to the ratings, what next.
  function finish() {
    const solved = tr.phase === 'solved';
    const { outcome } = tr;
    giveUp.hidden = true;
    if (outcome?.player) player = outcome.player;
    drawPlayer();
    updateAnalysisLink();
    say(t(solved ? 'puzzles.solved' : 'puzzles.failed'), solved ? 'right' : 'wrong');
    let verdict;
    if (solved) verdict = h('p.learn-right#puzzle-solved', null, h('strong', null, t('puzzles.solved')));
    else if (tr.gaveUp) verdict = h('p.learn-wrong#puzzle-failed', null, h('strong', null, t('puzzles.gave_up')));
    else {
      verdict = h('div#puzzle-failed', null,
        h('p.learn-wrong', null, h('strong', null, t('puzzles.wrong', { move: tr.wrong }))),
        tr.refutation.length ? h('p#puzzle-refutation', { dataset: { move: tr.refutation[0] } }, t('puzzles.refuted', { move: tr.refutation[0] })) : h('p#puzzle-refutation', null, t('puzzles.no_win')));
    }
    const rated = outcome?.rated && outcome.player;
    const puzzleRating = outcome?.puzzle_rating ?? puzzle.rating;
    showFeedback(
      verdict,
      rated
        ? h('p.puzzle-change#puzzle-change', { dataset: { change: outcome.change } },
          t('puzzles.rating_now', { rating: outcome.player.rating }), ' ',
          h('span', { class: ['rating-delta', P.changeClass(outcome.change)] }, P.signedChange(outcome.change)))
        : h('p.hint#puzzle-change', null, t(registered ? 'puzzles.unrated_again' : 'puzzles.unrated')),
      rated ? h('p#puzzle-streak', { dataset: { streak: outcome.player.streak } }, t('puzzles.streak', { streak: outcome.player.streak, best: outcome.player.best_streak })) : null,
      h('p#puzzle-rating', { dataset: { rating: puzzleRating } }, t('puzzles.puzzle_rating', { rating: puzzleRating })),
      h('p.hint', null, t(puzzle.proven ? 'puzzles.proven' : 'puzzles.verified')),
      h('h3', null, t('puzzles.themes')),
      h('ul.puzzle-themes#puzzle-themes', null, puzzle.themes.map((th) => themeChip(puzzle.game, th))),
      h('div.learn-next-row', null,
        h('button.btn.primary#puzzle-next', { type: 'button', onclick: () => navigate(P.nextHref(puzzle, theme)) }, t('puzzles.next')),
        solved ? null : h('button.btn#puzzle-retry', { type: 'button', onclick: () => begin(true) }, t('puzzles.try_again')),
        solved || tr.gaveUp ? null : h('button.btn#puzzle-show-solution', { type: 'button', onclick: () => showSolution() }, t('puzzles.show_solution')),
        analysisLink));
    document.getElementById('puzzle-next')?.focus({ preventScroll: true });
  }

  // A theme to play instead: its puzzles.
  const themeSelect = entry && entry.themes.length
    ? h('label.puzzle-theme-choice', null, h('span', null, t('puzzles.theme_choice')), ' ',
      h('select#puzzle-theme-select', { onchange: (e) => navigate(P.themeHref(puzzle.game, e.target.value)) },
        h('option', { value: '', selected: !theme }, t('puzzles.any_theme')),
        entry.themes.map((th) => h('option', { value: th.theme, selected: th.theme === theme }, P.themeName(th.theme)))))
    : null;
  const goalKey = `puzzles.goal.${puzzle.game}`;

  replace(main,
    h('div.learn-layout.puzzle-layout', { dataset: { puzzle: puzzle.id } },
      h('div.card.learn-head.puzzle-head', null,
        h('p.learn-crumbs', null, h('a#puzzle-all', { href: '/puzzles' }, t('puzzles.all')), ' · ',
          h('a#puzzle-link', { href: `/puzzle/${encodeURIComponent(puzzle.id)}` }, t('puzzles.number', { id: puzzle.id }))),
        h('h1', null, t('puzzles.puzzle_title', { game: gameTitle(puzzle.game) }),
          puzzle.daily ? h('span.badge#puzzle-daily-badge', null, t('puzzles.daily_badge')) : null),
        h('p.learn-task#puzzle-task', null, has(goalKey) ? t(goalKey) : t('puzzles.goal'), ' ',
          h('span.muted', null, t('puzzles.moves_to_find', { n: puzzle.solver_moves }))),
        h('p.muted.learn-to-move', null, t('learn.you_play', { side: sideName(puzzle.game, solver) })),
        status, playerEl, unratedEl),
      h('div.board-column.learn-board', null, wrap, solutionNav, actions.el,
        h('div.learn-next-row.puzzle-tools', null, themeSelect, giveUp)),
      feedback));
  begin(false);
  return () => {
    gone = true;
    clearTimeout(timer);
    dismissChooser();
  };
}
