// Lessons (issue 25), by clicks and taps only: every step of the Lines of
// Action lesson on a desktop (a visitor: progress kept in the browser),
// several steps of Linear Pursuit and Chess Football on a phone (a guest:
// progress kept on the server; a visitor's is added to it once a guest),
// each with a wrong answer first (the hint
// shows, the position resets), the "why" after each right answer, the
// progress on /learn after a reload, the links from the nav, the rules
// pages and the lobby, and no page wider than the screen.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, pointCenter, screenshot, assertNoRawKeys, waitUntil, PHONE, BASE } from './helpers.mjs';

const DESKTOP = { viewport: { width: 1366, height: 768 } };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A right answer for each step whose goal does not name its move. */
const ANSWERS = {
  loa: { 4: 'b1xe4', 5: 'g1-e3', 6: 'f2-f4', 7: 'g2xe2', 8: 'g2xe2', 10: 'f2-f1', 11: 'f2-d2' },
  pursuit: { 2: '4x12', 4: '5x14', 5: '3x19', 6: '2x18', 7: '4x16', 8: '1x9', 9: '8-0', 10: 'draw', 11: 'K@o3' },
  football: { 1: 'pick:QRN', 2: 'K@d1', 5: 'd4-d5', 8: 'd5>d8', 9: 'b3xd5', 10: 'd4xd8', 11: 'd4xe6', 12: 'b7-b8=Q', 13: 'd5>d8', 14: 'e5xd4' },
};

/** A wrong (legal) answer for the steps where the test tries one first. */
const WRONG = {
  loa: { 1: 'd1-d3', 4: 'a4-a6' },
  pursuit: { 1: 'e6', 3: '9x17' },
  football: { 3: 'e4>c3', 6: 'a1-b1' },
};

async function lesson(game) {
  return (await fetch(`${BASE}/js/learn/${game}.json`)).json();
}

function rightAnswer(game, step) {
  return ANSWERS[game][step.id] ?? step.goal.moves?.[0];
}

/** Press a board point: a tap on a touch screen, else a click. */
async function press(page, key, touch) {
  const p = await waitUntil(page, (k) => {
    const el = document.querySelector(`svg.board [data-key="${k}"], svg.board [data-target="${k}"], svg.board [data-square="${k}"]`);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return r.width ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
  }, key, { timeout: 10000 });
  assert.ok(p, `no point ${key}`);
  if (touch) await page.touchscreen.tap(p.x, p.y);
  else await page.mouse.click(p.x, p.y);
}

async function pressSelector(page, selector, touch) {
  await page.waitForSelector(selector);
  if (touch) await page.tap(selector);
  else await page.click(selector);
}

/** The board points a move is made with (`from`, `to`), or its button. */
function movePoints(game, move) {
  let m;
  if (move.startsWith('pick:')) return { pick: move.slice(5) };
  if (move === 'pass' || move === 'draw') return { action: move };
  if ((m = /^([KQRBNP])@(o?\d+|[a-h][1-8])$/.exec(move))) return { from: `hand:${m[1]}`, to: m[2] };
  if (game === 'pursuit' && (m = /^e(\d+)$/.exec(move))) return { from: `o${m[1]}`, to: m[1] };
  m = /^([a-h][1-8]|\d+)[-x>]([a-h][1-8]|\d+)(=[QRBN])?$/.exec(move);
  assert.ok(m, `a move made by two points: ${move}`);
  return { from: m[1], to: m[2], choice: m[3] ? move : null };
}

/** Makes `move` on the lesson board as a player does. */
async function makeMove(page, game, move, touch) {
  const pts = movePoints(game, move);
  await waitUntil(page, () => document.querySelector('svg.board .piece.movable, .action-btn, #team-picker'));
  if (pts.action) {
    await pressSelector(page, `.action-btn[data-move="${pts.action}"]`, touch);
    return;
  }
  if (pts.pick) {
    for (const letter of pts.pick) {
      await pressSelector(page, `#team-picker .btn.pick[data-piece="${letter}"]:not([disabled])`, touch);
    }
    await pressSelector(page, '#confirm-team', touch);
    return;
  }
  await press(page, pts.from, touch);
  await waitUntil(page, (to) => document.querySelector(`svg.board .mark-target[data-target="${to}"]`), pts.to, { timeout: 10000 });
  await press(page, pts.to, touch);
  if (pts.choice) {
    // "Which piece?" (a tap's own click may already have answered it on a phone).
    const choice = await page.waitForSelector(`dialog.chooser .choice[data-move="${pts.choice}"]`, { timeout: 1500 }).catch(() => null);
    if (choice) await choice.click();
  }
}

/** No sideways scrolling. */
async function assertFits(page, what) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide in ${inner} px`);
}

/**
 * Walks steps `from`..`to` (1-based, inclusive) of `game` from its lesson
 * page: for a step with a wrong answer, that first (the hint shows and
 * the position resets), then the right one; the "why" and Next.
 */
async function walk(page, game, from, to, touch) {
  const { steps } = await lesson(game);
  await page.goto(`${BASE}/learn/${game}?step=${steps[from - 1].id}`);
  for (let i = from - 1; i < to; i++) {
    const step = steps[i];
    await waitUntil(page, (n) => document.getElementById('learn-step-count')?.textContent.includes(`Step ${n} `), i + 1, { timeout: 15000 });
    assert.ok((await page.textContent('#learn-task')).trim().length > 10, `${game} step ${step.id} has a task`);
    const wrong = WRONG[game][step.id];
    if (wrong) {
      await makeMove(page, game, wrong, touch);
      await page.waitForSelector('#learn-wrong');
      assert.match(await page.textContent('#learn-feedback'), /Not quite/);
      const hint = await page.textContent('#learn-hint');
      assert.ok(hint.length > 10, `${game} step ${step.id}: a hint after a wrong answer`);
      await screenshot(page, `learn-${game}-wrong-${touch ? 'phone' : 'desktop'}`);
      // The position is set up again: the right answer can be played.
      await waitUntil(page, () => !document.querySelector('svg.board .mark-last')
        && document.querySelector('svg.board .piece.movable, .action-btn, #team-picker'), null, { timeout: 10000 });
    }
    await makeMove(page, game, rightAnswer(game, step), touch);
    await page.waitForSelector('#learn-right', { timeout: 15000 });
    const why = await page.textContent('#learn-why');
    assert.ok(why.trim().length > 10, `${game} step ${step.id}: a why`);
    await assertFits(page, `${game} step ${step.id}`);
    assert.ok(await page.$(`.learn-step.done[data-step="${step.id}"]`), `${game} step ${step.id} is marked done`);
    if (i === steps.length - 1) {
      await page.waitForSelector('#learn-finish');
    } else if (i < to - 1) {
      await pressSelector(page, '#learn-next', touch);
    }
  }
}

/** The done and total counts /learn shows for `game`. */
async function shownProgress(page, game) {
  await page.waitForSelector(`.learn-card[data-game="${game}"] .learn-count`);
  return page.$eval(`.learn-card[data-game="${game}"] .learn-count`, (el) => [Number(el.dataset.done), Number(el.dataset.total)]);
}

test('desktop: every step of the Lines of Action lesson, kept in the browser of a visitor', async () => {
  const { page } = await newPlayer(browser, DESKTOP);
  // From the nav.
  await page.goto(`${BASE}/`);
  await page.waitForSelector('.main-nav a.nav-learn');
  await page.click('.main-nav a.nav-learn');
  await page.waitForSelector('.learn-card[data-game="loa"]');
  assert.deepEqual(await shownProgress(page, 'loa'), [0, (await lesson('loa')).steps.length]);
  await assertFits(page, '/learn');
  await page.click('.learn-card[data-game="loa"]');
  await page.waitForSelector('#learn-step-title');
  const { steps } = await lesson('loa');
  await walk(page, 'loa', 1, steps.length, false);
  assert.match(await page.textContent('#learn-complete'), /finished every step/);
  await screenshot(page, 'learn-loa-done-desktop');
  await assertNoRawKeys(page);
  // No session: nothing asked of the server; the browser keeps it.
  assert.equal((await page.evaluate(() => fetch('/api/me').then((r) => r.json()))).user, null);
  await page.click('#learn-finish');
  await page.waitForSelector('.learn-card[data-game="loa"]');
  await page.reload();
  assert.deepEqual(await shownProgress(page, 'loa'), [steps.length, steps.length]);
  assert.match(await page.textContent('.learn-card[data-game="loa"]'), /All steps done/);
  assert.deepEqual(await shownProgress(page, 'pursuit'), [0, (await lesson('pursuit')).steps.length]);
  await assertFits(page, '/learn after the lesson');
  // Once the visitor has a session (a guest), the steps done in the
  // browser go to the account's progress on the server.
  await page.evaluate(() => fetch('/api/guest', { method: 'POST' }));
  await page.reload();
  assert.deepEqual(await shownProgress(page, 'loa'), [steps.length, steps.length]);
  const saved = await waitUntil(page, async () => {
    const { games } = await fetch('/api/learn/progress').then((r) => r.json());
    const loa = games.find((g) => g.game === 'loa').steps;
    return loa.length ? loa : null;
  });
  assert.deepEqual(saved, steps.map((st) => st.id).sort((a, b) => a - b));
  await waitUntil(page, () => !JSON.parse(localStorage.getItem('gamut.learn.progress') || '{}').loa);
  assert.deepEqual(page.errors, []);
});

test('phone: Linear Pursuit and Chess Football steps by taps, kept on the server for a guest', async () => {
  const { page } = await newPlayer(browser, PHONE);
  await page.goto(`${BASE}/`);
  // A guest session (as the lobby's Play makes one).
  await page.evaluate(() => fetch('/api/guest', { method: 'POST' }));
  await page.goto(`${BASE}/learn`);
  await page.waitForSelector('.learn-card[data-game="pursuit"]');
  await assertFits(page, '/learn on a phone');
  await screenshot(page, 'learn-index-phone');
  await walk(page, 'pursuit', 1, 6, true);
  await screenshot(page, 'learn-pursuit-phone');
  await walk(page, 'pursuit', 9, 11, true);
  await walk(page, 'football', 1, 7, true);
  await screenshot(page, 'learn-football-phone');
  await walk(page, 'football', 12, 14, true);
  await assertNoRawKeys(page);
  // Kept on the server: read back after a reload, and by the API.
  await page.goto(`${BASE}/learn`);
  await page.reload();
  const pursuit = (await lesson('pursuit')).steps.length;
  const football = (await lesson('football')).steps.length;
  assert.deepEqual(await shownProgress(page, 'pursuit'), [9, pursuit]);
  assert.deepEqual(await shownProgress(page, 'football'), [10, football]);
  assert.deepEqual(await shownProgress(page, 'loa'), [0, (await lesson('loa')).steps.length]);
  const saved = await page.evaluate(() => fetch('/api/learn/progress').then((r) => r.json()));
  const steps = Object.fromEntries(saved.games.map((g) => [g.game, g.steps]));
  assert.deepEqual(steps.pursuit, [1, 2, 3, 4, 5, 6, 9, 10, 11]);
  assert.deepEqual(steps.football, [1, 2, 3, 4, 5, 6, 7, 12, 13, 14]);
  assert.equal(await page.evaluate(() => localStorage.getItem('gamut.learn.progress')), null);
  // Going on where it stopped: the first step not done.
  await page.tap('.learn-card[data-game="pursuit"]');
  await waitUntil(page, () => document.getElementById('learn-step-count')?.textContent.includes('Step 7 '));
  await assertFits(page, '/learn/pursuit on a phone');
  assert.deepEqual(page.errors, []);
});

test('links: the nav at every width, the rules pages and the lobby lead to the lessons', async () => {
  const { page } = await newPlayer(browser, DESKTOP);
  for (const width of [320, 390, 768, 1024, 1366]) {
    await page.setViewportSize({ width, height: width <= 400 ? 844 : 768 });
    for (const path of ['/learn', '/learn/football']) {
      await page.goto(`${BASE}${path}`);
      await page.waitForSelector(path === '/learn' ? '.learn-card' : '#learn-step-title');
      await page.waitForSelector('.learn-card .mini-board svg, svg.board .piece, #team-picker');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await assertFits(page, `${path} at ${width} px`);
      // The nav's Learn link, in the menu where the header is compact.
      const compact = await page.$eval('.site-header', (el) => el.classList.contains('compact'));
      if (compact) await page.click('#menu-button');
      assert.ok(await page.isVisible('.main-nav a.nav-learn'), `Learn in the nav at ${width} px`);
      if (compact) await page.click('#menu-button');
    }
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const game of ['loa', 'pursuit', 'football']) {
    await page.goto(`${BASE}/rules/${game}`);
    await page.click('#rules-learn');
    await page.waitForURL(new RegExp(`/learn/${game}`));
    await page.waitForSelector('#learn-step-title');
  }
  await page.goto(`${BASE}/`);
  await page.click('#lobby-learn');
  await page.waitForSelector('.learn-card');
  assert.deepEqual(page.errors, []);
});
