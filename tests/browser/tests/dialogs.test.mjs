// Choices and endings the other files do not reach, between two guests
// (no computer, so every line is fixed): the chooser dialog of Chess
// Football (a promotion; not for a dribble into the goal or a shot, which
// score alike), a pass by
// clicking the teammate (a target that is a movable piece too), the draw
// declaration of Linear Pursuit when only the Kings remain, a loss on
// time, and a refused move reported once. The server cannot start a game
// from a position, so the scripted lines below are played through the API
// to get there quickly.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, clickPoint, dragPoint, targetKeys, movableKeys, moveCount, serverState, screenshot, assertNoRawKeys, apiMoves, apiMove, waitMoves, BASE, waitUntil } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Alice opens a private challenge (first side) and Bob joins from its link. */
async function challenge(game, options) {
  const alice = await newPlayer(browser);
  const bob = await newPlayer(browser);
  const id = await createGame(alice.page, { game, options, opponent: 'challenge', side: 'first' });
  await bob.page.goto(`${BASE}/game/${id}`);
  await bob.page.click('#join-game');
  for (const p of [alice.page, bob.page]) await p.waitForSelector('#resign', { timeout: 10000 });
  return { alice: alice.page, bob: bob.page, id };
}

// Chess Football: White (Alice) takes two Rooks and a Knight and places a
// Rook on e4 (kick-off), a Rook on c4 and a Pawn on a4; Black keeps off
// the a- and c-files. The kick-off passes to c4, then the a-pawn walks up
// while Black's Knight shuffles h6-g8, until a7-a8 promotes.
const FOOTBALL_LINE = [
  'pick:RRN', 'pick:BNP',
  'K@e8', 'N@h6', 'B@h8', 'P@g7', 'P@h7', 'P@f6',
  'R@e4', 'R@c4', 'P@a4', 'K@d1', 'N@b1', 'P@h2',
  'e4>c4', 'h6-g8', 'a4-a5', 'g8-h6', 'a5-a6', 'h6-g8', 'a6-a7', 'g8-h6',
];

/** The choices the open chooser offers: [{move, label}]. */
function chooserChoices(page) {
  return page.$$eval('dialog.chooser[open] .choice', (els) => els.map((e) => ({ move: e.dataset.move, label: e.querySelector('strong').textContent })));
}

test('Chess Football: the chooser asks which promotion; a dribble or a shot into the goal (both score) is not asked', async () => {
  const { alice, bob, id } = await challenge('football', {});
  await apiMoves([alice, bob], id, FOOTBALL_LINE);
  for (const p of [alice, bob]) await waitMoves(p, FOOTBALL_LINE.length);
  assert.ok(await waitTurn(alice));

  // a7 to a8 stands for four promotions: the dialog lists them.
  await clickPoint(alice, 'a7');
  assert.deepEqual((await targetKeys(alice)).map((t) => t.key), ['a8'], 'one target for the four promotions');
  await clickPoint(alice, 'a8');
  await alice.waitForSelector('dialog.chooser[open]');
  assert.deepEqual(await chooserChoices(alice), [
    { move: 'a7-a8=Q', label: 'Promote to Queen' },
    { move: 'a7-a8=R', label: 'Promote to Rook' },
    { move: 'a7-a8=B', label: 'Promote to Bishop' },
    { move: 'a7-a8=N', label: 'Promote to Knight' },
  ]);
  await screenshot(alice, 'football-chooser-promotion');
  await assertNoRawKeys(alice);

  // Escape dismisses it without a move; the pawn can be picked again.
  await alice.keyboard.press('Escape');
  await alice.waitForSelector('dialog.chooser', { state: 'detached' });
  await alice.waitForTimeout(300);
  assert.equal(await moveCount(alice), FOOTBALL_LINE.length, 'no move after dismissing');
  assert.equal((await serverState(alice, id)).moves.length, FOOTBALL_LINE.length);
  assert.ok((await movableKeys(alice)).includes('a7'), 'still Alice\'s turn');

  // Under-promotion to a Knight plays exactly that move.
  await clickPoint(alice, 'a7');
  await clickPoint(alice, 'a8');
  await alice.click('dialog.chooser [data-move="a7-a8=N"]');
  await alice.waitForSelector('dialog.chooser', { state: 'detached' });
  for (const p of [alice, bob]) await waitMoves(p, FOOTBALL_LINE.length + 1);
  let st = await serverState(bob, id);
  assert.equal(st.moves.at(-1), 'a7-a8=N');
  await alice.waitForSelector('svg.board .fb-piece.side-white.kind-N[data-key="a8"]');
  assert.equal(await alice.$('svg.board [data-key="a7"]'), null, 'the pawn left a7');
  assert.match(await alice.textContent('#move-list'), /a7-a8=N/);

  // Black shuffles; the Rook on c4 holds the ball with an open c-file.
  await apiMove(bob, id, 'h6-g8');
  await waitMoves(alice, FOOTBALL_LINE.length + 2);
  assert.ok(await waitTurn(alice));
  await clickPoint(alice, 'c4');
  assert.ok((await targetKeys(alice)).some((t) => t.key === 'c8'));
  await alice.keyboard.press('Escape');
  // Dropping the holder on an empty goal square: the dribble (c4-c8) and
  // the shot (c4>c8) both score, the same goal: no question, the shot.
  await dragPoint(alice, 'c4', 'c8');
  for (const p of [alice, bob]) await waitMoves(p, FOOTBALL_LINE.length + 3);
  assert.equal(await alice.$('dialog.chooser'), null, 'not asked');
  st = await serverState(alice, id);
  assert.equal(st.moves.at(-1), 'c4>c8', 'the shot, not the dribble');
  assert.equal(st.moves.filter((m) => m === 'c4-c8').length, 0);
  // A goal: 1-0 for White, and both sides place again.
  for (const p of [alice, bob]) await waitUntil(p, () => /1 : 0/.test(document.querySelector('#scoreboard')?.textContent || ''), null, { timeout: 5000 });
  assert.equal(await alice.$$eval('svg.board .fb-piece:not([data-key^="hand:"])', (e) => e.length), 0, 'the pitch is cleared for the new placement');
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});

test('Chess Football: a click on a teammate shown as a target passes to it', async () => {
  const { alice, bob, id } = await challenge('football', {});
  // After the kick-off (e4>c4) and Black's reply, White's Rook on c4
  // holds the ball and the Rook on e4 may move or take a pass.
  const line = FOOTBALL_LINE.slice(0, FOOTBALL_LINE.indexOf('e4>c4') + 2);
  await apiMoves([alice, bob], id, line);
  await waitMoves(alice, line.length);
  assert.ok(await waitTurn(alice));
  assert.ok((await movableKeys(alice)).includes('e4'), 'the teammate can move too');
  await clickPoint(alice, 'c4');
  assert.ok((await targetKeys(alice)).some((t) => t.key === 'e4' && t.occupied), 'the teammate is a target of the holder');
  // A second click on the holder deselects it; a third selects it again.
  await clickPoint(alice, 'c4');
  assert.deepEqual(await targetKeys(alice), [], 'deselected');
  await clickPoint(alice, 'c4');
  // A click (not a drag) on the teammate plays the pass.
  await clickPoint(alice, 'e4');
  for (const p of [alice, bob]) await waitMoves(p, line.length + 1);
  assert.equal((await serverState(alice, id)).moves.at(-1), 'c4>e4');
  await alice.waitForSelector('svg.board [data-key="e4"] .ball');
  // A movable piece that is not a target of the selected one is selected instead.
  assert.ok(await waitTurn(bob));
  const [first, second] = await movableKeys(bob);
  await clickPoint(bob, first);
  if (!(await targetKeys(bob)).some((t) => t.key === second)) {
    await clickPoint(bob, second);
    assert.ok((await bob.$$eval('svg.board .mark-selected', (e) => e.length)) === 1);
    assert.equal((await serverState(bob, id)).moves.length, line.length + 1, 'no move');
  }
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});

test('Chess Football: an open chooser closes when the game ends meanwhile', async () => {
  const { alice, bob, id } = await challenge('football', {});
  await apiMoves([alice, bob], id, FOOTBALL_LINE);
  await waitMoves(alice, FOOTBALL_LINE.length);
  assert.ok(await waitTurn(alice));
  await clickPoint(alice, 'a7');
  await clickPoint(alice, 'a8');
  await alice.waitForSelector('dialog.chooser[open]');
  // Bob resigns while Alice ponders the promotion.
  await bob.click('#resign');
  await bob.click('#confirm-yes');
  await alice.waitForSelector('dialog.chooser', { state: 'detached', timeout: 5000 });
  await alice.waitForSelector('#result-banner');
  assert.match(await alice.textContent('#result-banner h2'), /You won!/);
  await alice.click('#result-banner .btn.ghost:last-child'); // the banner closes: nothing blocks the page
  assert.equal(await alice.$$eval('.notice-area .toast', (e) => e.length), 0, 'no refused move');
  const st = await serverState(alice, id);
  assert.equal(st.result.reason, 'resignation');
  assert.equal(st.moves.length, FOOTBALL_LINE.length, 'no move was sent');
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});

// Linear Pursuit without Pawns: a cooperative line (found with the engine)
// that trades every major away. After it South has K + Knight, North only
// its King; South moves 1-12 and North's King captures the Knight.
const PURSUIT_LINE = [
  'e7', 'e18', 'e11', '18x7', '11x7', 'e3', '7x3', 'e19', 'e12', '19x3', '12x3', 'e2', 'e9',
  '2x9', '3-16', 'e17', '16x9', '17x9', 'e13', 'e1', '13x1', '9x1', 'e8', 'e0', '8x1', '0-8',
];

test('Linear Pursuit: with only the Kings left, declaring a draw ends the game', async () => {
  const { alice, bob, id } = await challenge('pursuit', { pawns: 'off', repetition: 'off' });
  await apiMoves([alice, bob], id, PURSUIT_LINE);
  for (const p of [alice, bob]) await waitMoves(p, PURSUIT_LINE.length);

  // South still has a Knight: no draw to declare.
  assert.ok(await waitTurn(alice));
  assert.equal(await alice.$('.action-btn'), null, 'no draw while a Knight remains');
  await clickPoint(alice, '1');
  await clickPoint(alice, '12');
  assert.ok(await waitTurn(bob));
  assert.equal(await bob.$('.action-btn'), null, 'no draw while South has a Knight');
  await clickPoint(bob, '8');
  assert.ok((await targetKeys(bob)).some((t) => t.key === '12' && t.occupied), 'the Knight can be taken');
  await clickPoint(bob, '12');
  for (const p of [alice, bob]) await waitMoves(p, PURSUIT_LINE.length + 2);
  assert.equal((await serverState(alice, id)).moves.at(-1), '8x12');
  assert.equal(await alice.$$eval('svg.board .lp-piece', (e) => e.length), 2, 'only the two Kings remain');

  // South (to move) may now declare a draw; North, waiting, may not.
  const draw = await alice.waitForSelector('.action-btn[data-move="draw"]', { timeout: 5000 });
  assert.equal((await draw.textContent()).trim(), 'Declare a draw (only the Kings remain)');
  assert.equal(await bob.$('.action-btn'), null, 'only the side to move declares');
  await screenshot(alice, 'pursuit-kings-only');
  await draw.click();
  for (const p of [alice, bob]) await p.waitForSelector('#result-banner', { timeout: 10000 });
  for (const p of [alice, bob]) {
    assert.match(await p.textContent('#result-banner h2'), /^Draw$/);
    assert.match(await p.textContent('#result-banner'), /draw declared/i);
    // The result in words, not `1/2-1/2` (kept for exported records); "Draw" once.
    assert.doesNotMatch(await p.textContent('#result-banner'), /1\/2-1\/2/);
    assert.equal(await p.$('#result-banner .banner-score'), null, 'the headline says it');
  }
  const st = await serverState(bob, id);
  assert.equal(st.status, 'finished');
  assert.deepEqual({ winner: st.result.winner, reason: st.result.reason }, { winner: null, reason: 'draw-declared' });
  assert.equal(st.moves.at(-1), 'draw');
  await screenshot(bob, 'pursuit-draw-declared');
  await assertNoRawKeys(bob);
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});

/** The text of a side's clock on this page. */
function clockOf(page, side) {
  return page.$eval(`.clock[data-side="${side}"]`, (e) => ({ text: e.textContent, running: e.classList.contains('running'), low: e.classList.contains('low') }));
}

/** m:ss.t as shown by the clocks, in milliseconds. */
function clockMs(text) {
  const m = /^(\d+):(\d+(?:\.\d)?)$/.exec(text);
  assert.ok(m, `a clock reading, not ${text}`);
  return (Number(m[1]) * 60 + Number(m[2])) * 1000;
}

test('a side whose clock runs out loses on time', async () => {
  const alice = (await newPlayer(browser)).page;
  const bob = (await newPlayer(browser)).page;
  // The create form offers 3+2 and up; the API accepts a clock from 1 s.
  await alice.goto(`${BASE}/`);
  const created = await alice.evaluate(async () => {
    await fetch('/api/guest', { method: 'POST' });
    const res = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'loa', options: { size: '6' }, clock: { type: 'realtime', initial_ms: 6000, increment_ms: 0 }, side: 'first', opponent: { type: 'challenge' } }),
    });
    return res.json();
  });
  const id = created.game.id;
  await alice.goto(`${BASE}${created.url}`);
  await alice.waitForSelector('svg.board');
  // Waiting for Bob, the clocks show the time control's time, not ∞.
  await waitUntil(alice, () => document.querySelector('.clock[data-side="1"]')?.textContent === '0:06.0');
  assert.equal((await clockOf(alice, 0)).text, '0:06.0');
  await bob.goto(`${BASE}${created.url}`);
  await bob.click('#join-game');
  await bob.waitForSelector('#resign');
  assert.match(await bob.textContent('.game-info'), /6s\+0/, 'a clock under a minute is shown in seconds');

  // Alice (Black) moves at once; then only Bob's clock runs.
  assert.ok(await waitTurn(alice));
  const [from] = await movableKeys(alice);
  await clickPoint(alice, from);
  await clickPoint(alice, (await targetKeys(alice))[0].key);
  for (const p of [alice, bob]) await waitMoves(p, 1);
  await bob.waitForSelector('.clock.running[data-side="1"]');
  const first = await clockOf(bob, 1);
  await bob.waitForTimeout(1200);
  const second = await clockOf(bob, 1);
  assert.ok(clockMs(second.text) < clockMs(first.text), `Bob's clock counts down (${first.text} then ${second.text})`);
  assert.ok(first.low && second.low, 'under 20 s the clock is marked low');
  const aliceClock = await clockOf(bob, 0);
  assert.equal(aliceClock.running, false, 'Alice\'s clock stopped after her move');
  assert.ok(clockMs(aliceClock.text) > 3000 && clockMs(aliceClock.text) <= 6000);
  await screenshot(bob, 'clock-running-low');

  // Bob never moves: the server flags him.
  await bob.waitForSelector('#result-banner', { timeout: 15000 });
  await alice.waitForSelector('#result-banner', { timeout: 5000 });
  assert.match(await bob.textContent('#result-banner h2'), /You lost/);
  assert.match(await alice.textContent('#result-banner h2'), /You won!/);
  for (const p of [alice, bob]) {
    assert.match(await p.textContent('#result-banner'), /time ran out/i);
    assert.equal((await clockOf(p, 1)).text, '0:00.0', 'the flagged clock shows zero');
    assert.equal((await clockOf(p, 1)).running, false, 'no clock runs after the end');
  }
  const st = await serverState(alice, id);
  assert.equal(st.status, 'finished');
  assert.deepEqual({ winner: st.result.winner, reason: st.result.reason }, { winner: 0, reason: 'timeout' });
  assert.equal(st.moves.length, 1);
  await screenshot(bob, 'clock-timeout');
  await assertNoRawKeys(bob);
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});

test('a move the server refuses is reported once', async () => {
  const { page, context } = await newPlayer(browser);
  // Every move goes out with a stale version, so the server refuses it.
  await context.addInitScript(() => {
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function stale(data) { return send.call(this, String(data).replace(/"version":\d+/, '"version":0')); };
  });
  const id = await createGame(page, { game: 'loa', options: { size: '6' }, side: 'first' });
  assert.ok(await waitTurn(page));
  const [from] = await movableKeys(page);
  await clickPoint(page, from);
  await clickPoint(page, (await targetKeys(page))[0].key);
  await page.waitForSelector('.notice-area .toast');
  await page.waitForTimeout(400);
  const toasts = await page.$$eval('.notice-area .toast', (e) => e.map((x) => x.textContent));
  assert.equal(toasts.length, 1, `one message, not ${JSON.stringify(toasts)}`);
  assert.match(toasts[0], /version/);
  assert.equal((await serverState(page, id)).moves.length, 0);
  assert.ok(await waitTurn(page), 'the board takes input again');
  assert.deepEqual(page.errors, []);
});
