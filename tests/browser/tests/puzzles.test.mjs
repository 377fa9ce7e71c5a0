// Puzzles (issue 25), by clicks and taps on the board only, in each game:
// puzzles of two solver moves solved right (the server's reply played
// between them), and a wrong first move failing with the answer that
// refutes it on the board. On a desktop (1366×768) a registered player:
// the board from the solver's side, the rating change and streak after
// each puzzle and on /puzzles, a new try unrated, the solution step by
// step, the analysis board with the moves played. On a phone a visitor
// (unrated, asked to sign up): the board fits the screen, giving up, and
// today's puzzle, a theme and the next puzzle from the links. The nav's
// link; no page wider than the screen (every width: layout.test.mjs). The
// right and wrong answers come from the shipped puzzle files
// (crates/puzzles/data/<game>.txt).

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPlayer, signUp, screenshot, waitUntil, PHONE, BASE } from './helpers.mjs';

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const GAMES = ['loa', 'pursuit', 'football'];
const DATA = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'crates', 'puzzles', 'data');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The board points a move is made with: `e7` enters from outer 7 (Linear Pursuit), else from and to. */
function movePoints(move) {
  const enter = /^e(\d+)$/.exec(move);
  if (enter) return [`o${enter[1]}`, enter[1]];
  const m = /^([a-h][1-8]|\d+)[-x>]([a-h][1-8]|\d+)/.exec(move);
  assert.ok(m, `a move made by two points: ${move}`);
  return [m[1], m[2]];
}

/**
 * The shipped puzzles of `game`: id, position, line, themes, and the
 * wrong first moves with the answer that refutes each.
 */
function puzzles(game) {
  return fs.readFileSync(path.join(DATA, `${game}.txt`), 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const f = l.split('\t');
      const refutations = (f[9] || '').split(' ').filter(Boolean).map((r) => r.split('|'));
      return { id: f[0], position: f[3], line: f[4].split(' '), themes: f[5].split(','), refutations };
    });
}

/** A puzzle of `game` with two solver moves (a reply between them), the n-th such. */
function twoMover(game, n = 0) {
  return puzzles(game).filter((p) => p.line.length === 3 && !p.line.some((m) => m.includes('=')))[n];
}

/** A puzzle of `game` (not `not`) with a stored refutation of a wrong first move: the puzzle, the wrong move, its answer. */
function wrongOne(game, not) {
  for (const p of puzzles(game)) {
    if (p.id === not) continue;
    const r = p.refutations.find(([wrong, answer]) => answer && !wrong.includes('=') && movePoints(wrong));
    if (r) return { puzzle: p, wrong: r[0], answer: r[1] };
  }
  throw new Error(`no refuted wrong move in ${game}`);
}

/** No sideways scrolling. */
async function assertFits(page, what) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide in ${inner} px`);
}

/** Fail if a puzzle text shows as its catalogue key. */
async function assertNoPuzzleKeys(page) {
  const text = await page.textContent('body');
  assert.deepEqual(text.match(/\b(?:puzzles|nav|learn)\.[a-z_-]+(?:\.[a-z_-]+)*\b/g) || [], [], 'no raw catalogue keys');
}

/** Wait until the board shows the puzzle's start with `moves` played (as the page draws them). */
async function waitBoard(page, moves) {
  const want = moves.join(' ');
  await waitUntil(page, (w) => document.querySelector('.puzzle-layout .board-host')?.dataset.moves === w, want, { timeout: 15000 })
    .catch(async (err) => {
      const shown = await page.$eval('.puzzle-layout .board-host', (el) => el.dataset.moves).catch(() => null);
      throw new Error(`the board shows "${shown}", not "${want}": ${err.message}`);
    });
}

/** Press a board point (scrolled into view): a tap on a touch screen, else a click. */
async function press(page, key, touch) {
  const p = await waitUntil(page, (k) => {
    const el = document.querySelector(`svg.board [data-key="${k}"], svg.board [data-target="${k}"], svg.board [data-square="${k}"]`);
    if (!el) return null;
    el.scrollIntoView({ block: 'nearest' });
    const r = el.getBoundingClientRect();
    return r.width ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
  }, key, { timeout: 10000 });
  if (touch) await page.touchscreen.tap(p.x, p.y);
  else await page.mouse.click(p.x, p.y);
}

/** Make `move` on the board as a player does, once it is the solver's turn. */
async function makeMove(page, move, touch) {
  const [from, to] = movePoints(move);
  await page.waitForSelector('svg.board .piece.movable');
  await press(page, from, touch);
  await waitUntil(page, (k) => document.querySelector(`svg.board .mark-target[data-target="${k}"]`), to, { timeout: 10000 });
  await press(page, to, touch);
  // One pair of points for several moves: "which one?"
  const choice = await page.waitForSelector(`dialog.chooser .choice[data-move="${move}"]`, { timeout: 700 }).catch(() => null);
  if (choice) await choice.click();
}

async function openPuzzle(page, id) {
  await page.goto(`${BASE}/puzzle/${id}`);
  await page.waitForSelector(`.puzzle-layout[data-puzzle="${id}"] svg.board .piece`);
  await waitBoard(page, []);
}

/** Solve `puzzle` move by move: after each right move the server's reply comes on the board. */
async function solve(page, puzzle, touch) {
  const { line } = puzzle;
  for (let i = 0; i < line.length; i += 2) {
    await makeMove(page, line[i], touch);
    if (i + 1 < line.length) {
      await waitUntil(page, (mv) => document.getElementById('puzzle-reply')?.textContent.includes(mv), line[i + 1], { timeout: 15000 });
      await waitBoard(page, line.slice(0, i + 2));
    }
  }
  await page.waitForSelector('#puzzle-solved', { timeout: 15000 });
  // The last move as played: where a dribble and a shot both score, the board plays one without asking.
  const shown = (await page.$eval('.puzzle-layout .board-host', (el) => el.dataset.moves)).split(' ');
  assert.deepEqual(shown.slice(0, -1), line.slice(0, -1));
  assert.deepEqual(movePoints(shown[shown.length - 1]), movePoints(line[line.length - 1]));
}

/** Fail `wrong`'s puzzle with its wrong move: the move, then the answer refuting it, on the board. */
async function fail(page, { puzzle, wrong, answer }, touch) {
  await makeMove(page, wrong, touch);
  await page.waitForSelector('#puzzle-failed', { timeout: 15000 });
  assert.ok((await page.textContent('#puzzle-failed')).includes(`${wrong} is not the move`));
  assert.equal(await page.getAttribute('#puzzle-refutation', 'data-move'), answer);
  await waitBoard(page, [wrong, answer]);
  assert.ok(await page.$('#puzzle-retry'), `${puzzle.id}: Try again`);
  assert.ok(await page.$('#puzzle-show-solution'), `${puzzle.id}: Show the solution`);
}

/** The viewer's rating and streak on the /puzzles card of `game`. */
async function cardPlayer(page, game) {
  const el = await page.waitForSelector(`.puzzle-card[data-game="${game}"] .puzzle-player`);
  return { rating: Number(await el.getAttribute('data-rating')), streak: Number(await el.getAttribute('data-streak')) };
}

test('desktop: a registered player solves one puzzle of each game, fails another; ratings, streaks, solution, analysis', async () => {
  const { page } = await newPlayer(browser, DESKTOP);
  await signUp(page, 'puz');
  // From the nav: a card per game, the starting rating, no streak.
  await page.click('.main-nav a.nav-puzzles');
  await page.waitForSelector('.puzzle-card[data-game="football"] .puzzle-player');
  for (const game of GAMES) {
    assert.deepEqual(await cardPlayer(page, game), { rating: 1500, streak: 0 });
    const count = Number(await page.getAttribute(`.puzzle-card[data-game="${game}"] .puzzle-count`, 'data-count'));
    assert.equal(count, puzzles(game).length);
  }
  assert.equal(await page.$('.puzzle-signup'), null, 'no sign-up note for a registered player');
  await assertFits(page, '/puzzles');
  await assertNoPuzzleKeys(page);
  await screenshot(page, 'puzzles-index-desktop');

  // Right: each game's puzzle of two solver moves, rated.
  for (const game of GAMES) {
    const puzzle = twoMover(game);
    await openPuzzle(page, puzzle.id);
    // The board from the solver's side: the side to move.
    const start = await page.evaluate(async (p) => (await fetch('/api/positions', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: p.game, position: p.position, moves: [] }),
    })).json(), { game, position: puzzle.position });
    assert.match(await page.textContent('.learn-to-move'), /You play/);
    assert.ok(await page.$('svg.board .piece.movable'), `${game}: the solver's pieces move`);
    if (game !== 'pursuit') {
      // Rank 1 at the bottom for the first side, at the top for the second.
      const y = (sq) => page.$eval(`svg.board [data-square="${sq}"]`, (el) => el.getBoundingClientRect().y);
      assert.equal((await y('a1')) < (await y('a8')), start.to_move === 1, `${game}: seen from side ${start.to_move}`);
    }
    await solve(page, puzzle, false);
    const change = Number(await page.getAttribute('#puzzle-change', 'data-change'));
    assert.ok(change > 0, `${game}: the rating goes up (${change})`);
    assert.match(await page.textContent('#puzzle-change'), /\+\d+/);
    assert.equal(await page.getAttribute('#puzzle-streak', 'data-streak'), '1');
    const themes = await page.$$eval('#puzzle-themes .puzzle-theme', (els) => els.map((e) => e.dataset.theme));
    assert.deepEqual(themes, puzzle.themes);
    assert.ok((await page.getAttribute('#puzzle-rating', 'data-rating')).length > 0);
    await assertFits(page, `${game} solved`);
    await assertNoPuzzleKeys(page);
    await screenshot(page, `puzzles-${game}-solved-desktop`);
  }
  // /puzzles: each game's rating up, a streak of one.
  await page.goto(`${BASE}/puzzles`);
  for (const game of GAMES) {
    const shown = await cardPlayer(page, game);
    assert.ok(shown.rating > 1500, `${game}: ${shown.rating}`);
    assert.equal(shown.streak, 1);
  }
  const before = await cardPlayer(page, 'loa');

  // Wrong: a refuted first move in each game; the streak ends.
  for (const game of GAMES) {
    const w = wrongOne(game, twoMover(game).id);
    await openPuzzle(page, w.puzzle.id);
    await fail(page, w, false);
    const change = Number(await page.getAttribute('#puzzle-change', 'data-change'));
    assert.ok(change < 0, `${game}: the rating goes down (${change})`);
    assert.equal(await page.getAttribute('#puzzle-streak', 'data-streak'), '0');
    await assertFits(page, `${game} failed`);
    await screenshot(page, `puzzles-${game}-failed-desktop`);
    if (game !== 'loa') continue;
    // The solution, move by move.
    await page.click('#puzzle-show-solution');
    await waitUntil(page, () => document.getElementById('puzzle-solution-step')?.dataset.step === '1');
    await waitBoard(page, w.puzzle.line.slice(0, 1));
    for (let i = 2; i <= w.puzzle.line.length; i++) {
      await page.click('#puzzle-solution-next');
      await waitBoard(page, w.puzzle.line.slice(0, i));
    }
    assert.equal(await page.getAttribute('#puzzle-solution-step', 'data-total'), String(w.puzzle.line.length));
    await page.click('#puzzle-solution-first');
    await waitBoard(page, []);
    await page.click('#puzzle-solution-last');
    await waitBoard(page, w.puzzle.line);
    // A new try: unrated, solved this time.
    await page.click('#puzzle-retry');
    await waitBoard(page, []);
    assert.equal(await page.isVisible('#puzzle-unrated'), true, 'the retry is unrated');
    await solve(page, w.puzzle, false);
    assert.equal(await page.getAttribute('#puzzle-change', 'data-change'), null, 'no rating change');
    assert.match(await page.textContent('#puzzle-change'), /first try/);
    // The analysis board: the puzzle's position with the line played.
    const expected = await page.evaluate(async (p) => (await fetch('/api/positions', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'loa', position: p.position, moves: p.line }),
    })).json(), w.puzzle);
    await page.click('#puzzle-analysis');
    await page.waitForURL(/\/analysis\?/);
    await waitUntil(page, (pos) => document.getElementById('position-text')?.value === pos, expected.position, { timeout: 15000 });
    for (const mv of w.puzzle.line) assert.ok(await page.$(`#analysis-tree .tree-move[data-move="${mv}"]`), `${mv} in the analysis tree`);
    await page.goBack();
  }
  await page.goto(`${BASE}/puzzles`);
  const afterWrong = await cardPlayer(page, 'loa');
  assert.ok(afterWrong.rating < before.rating, `loa: ${afterWrong.rating} < ${before.rating}`);
  assert.equal(afterWrong.streak, 0);
  assert.match(await page.textContent('.puzzle-card[data-game="loa"] .puzzle-player'), /best 1/);
  assert.deepEqual(page.errors, []);
});

test('phone: a visitor taps one puzzle of each game right and one wrong; today\'s puzzle, a theme, the next puzzle', async () => {
  const { page } = await newPlayer(browser, PHONE);
  await page.goto(`${BASE}/puzzles`);
  await page.waitForSelector('.puzzle-card[data-game="pursuit"]');
  assert.equal(await page.$('.puzzle-card .puzzle-player'), null, 'no rating without an account');
  assert.equal(await page.$$eval('.puzzle-card .puzzle-signup a[href="/signup"]', (els) => els.length), 3);
  assert.match(await page.textContent('.puzzle-card .puzzle-signup'), /Sign up to get a puzzle rating/);
  await assertFits(page, '/puzzles on a phone');
  await screenshot(page, 'puzzles-index-phone');

  for (const game of GAMES) {
    // Wrong first, then the next try right.
    const w = wrongOne(game, twoMover(game).id);
    await openPuzzle(page, w.puzzle.id);
    const board = await page.$eval('svg.board', (el) => el.getBoundingClientRect().toJSON());
    assert.ok(board.width <= 390 && board.height <= 844 - 56, `${game}: the board fits the phone (${board.width}×${board.height})`);
    await fail(page, w, true);
    assert.match(await page.textContent('#puzzle-change'), /unrated/);
    await assertFits(page, `${game} failed on a phone`);
    await screenshot(page, `puzzles-${game}-failed-phone`);
    await page.tap('#puzzle-retry');
    await waitBoard(page, []);
    await solve(page, w.puzzle, true);
    await assertFits(page, `${game} solved on a phone`);
    // A puzzle of two solver moves: the server's reply between them.
    const two = twoMover(game, 1);
    await openPuzzle(page, two.id);
    await solve(page, two, true);
    await screenshot(page, `puzzles-${game}-solved-phone`);
    await assertNoPuzzleKeys(page);
  }

  // Giving up before the end: failed, the solution from its first move.
  const given = twoMover('pursuit', 2);
  await openPuzzle(page, given.id);
  await page.tap('#puzzle-give-up');
  await page.waitForSelector('#puzzle-failed');
  await waitUntil(page, () => document.getElementById('puzzle-solution-step')?.dataset.step === '1');
  await waitBoard(page, given.line.slice(0, 1));
  assert.equal(await page.$('#puzzle-show-solution'), null);

  // Today's puzzle from /puzzles.
  await page.goto(`${BASE}/puzzles`);
  const daily = await page.getAttribute('.puzzle-card[data-game="football"] a.puzzle-daily', 'data-id');
  await page.tap('.puzzle-card[data-game="football"] a.puzzle-daily');
  await page.waitForURL(/\/puzzles\/football\/daily$/);
  await page.waitForSelector(`.puzzle-layout[data-puzzle="${daily}"] svg.board .piece`);
  assert.ok(await page.isVisible('#puzzle-daily-badge'), 'the puzzle of the day says so');
  await assertFits(page, 'today\'s puzzle on a phone');

  // A theme from /puzzles: a puzzle with that theme, the theme chosen.
  await page.goto(`${BASE}/puzzles`);
  await page.tap('.puzzle-card[data-game="pursuit"] a.puzzle-theme[data-theme="king-hunt"]');
  await page.waitForURL(/\/puzzles\/pursuit\?theme=king-hunt$/);
  await page.waitForSelector('.puzzle-layout svg.board .piece');
  const id = await page.getAttribute('.puzzle-layout', 'data-puzzle');
  assert.ok(puzzles('pursuit').find((p) => p.id === id).themes.includes('king-hunt'), `${id} has the theme`);
  assert.equal(await page.$eval('#puzzle-theme-select', (el) => el.value), 'king-hunt');
  await assertFits(page, 'a theme\'s puzzle on a phone');

  // The next puzzle (of the same theme) once this one is done.
  await page.tap('#puzzle-give-up');
  await page.waitForSelector('#puzzle-next');
  await page.tap('#puzzle-next');
  await page.waitForURL(new RegExp(`/puzzles/pursuit\\?theme=king-hunt&after=${id}$`));
  await waitUntil(page, (old) => {
    const el = document.querySelector('.puzzle-layout');
    return el && el.dataset.puzzle !== old && document.querySelector('svg.board .piece');
  }, id);
  const next = await page.getAttribute('.puzzle-layout', 'data-puzzle');
  assert.ok(puzzles('pursuit').find((p) => p.id === next).themes.includes('king-hunt'));
  await assertNoPuzzleKeys(page);
  assert.deepEqual(page.errors, []);
});

// Every width of every puzzle page: layout.test.mjs.
test('the nav\'s Puzzles link, in the phone\'s menu too', async () => {
  const { page } = await newPlayer(browser, DESKTOP);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width <= 400 ? 844 : 768 });
    await page.goto(`${BASE}/`);
    await page.waitForSelector('.quick-tile');
    if (await page.$eval('.site-header', (el) => el.classList.contains('compact'))) await page.click('#menu-button');
    await page.click('.main-nav a.nav-puzzles');
    await page.waitForURL(/\/puzzles$/);
    await page.waitForSelector('.puzzle-card .mini-board svg');
    await assertFits(page, `/puzzles at ${width} px`);
  }
  assert.deepEqual(page.errors, []);
});
