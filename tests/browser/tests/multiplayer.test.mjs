// People playing each other: a seek appears live in another browser's
// lobby, a third browser watches, moves reach everyone, a reload
// reconnects, clicks off the legal targets do nothing, and a draw offer
// is declined (the offerer is told), then accepted.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, playOneMove, clickPoint, dragPoint, targetKeys, movableKeys, moveCount, screenshot, serverState, assertNoRawKeys, BASE, waitUntil, apiMove, signUp, smallLoaChallenge } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('two players and a spectator', async () => {
  const alice = await newPlayer(browser);
  const bob = await newPlayer(browser);
  const carol = await newPlayer(browser);

  // Bob waits in the lobby; Alice's seek appears there without a reload.
  await bob.page.goto(`${BASE}/`);
  await bob.page.waitForSelector('#seeks');
  const id = await createGame(alice.page, { game: 'loa', options: { size: '6' }, opponent: 'seek', clock: '5+3', side: 'first' });
  await alice.page.waitForSelector('.status-line');
  assert.match(await alice.page.textContent('.status-line'), /Waiting/);
  // The waiting seek's clocks show its time control, not ∞.
  assert.deepEqual(await alice.page.$$eval('.clock', (els) => els.map((e) => e.textContent)), ['5:00', '5:00']);
  await bob.page.waitForSelector(`#seeks .game-row[data-id="${id}"] .join`, { timeout: 10000 });
  await bob.page.click(`#seeks .game-row[data-id="${id}"] .join`);
  await bob.page.waitForURL(new RegExp(`/game/${id}$`));

  // Carol finds it among the live games and watches.
  await carol.page.goto(`${BASE}/`);
  await carol.page.waitForSelector(`#live-games .game-row[data-id="${id}"] a`, { timeout: 15000 });
  await carol.page.click(`#live-games .game-row[data-id="${id}"] a`);
  await carol.page.waitForSelector('svg.board');

  // Alice (Black) moves first; the clocks run.
  assert.ok(await waitTurn(alice.page));
  await alice.page.waitForSelector('.clock.running');

  // A click on a square that is not a target does nothing.
  const [from] = await movableKeys(alice.page);
  await clickPoint(alice.page, from);
  const targets = (await targetKeys(alice.page)).map((t) => t.key);
  const nonTarget = ['a1', 'b2', 'c3', 'd4', 'c4', 'd3', 'f6', 'a6'].find((k) => !targets.includes(k) && k !== from);
  await clickPoint(alice.page, nonTarget);
  await alice.page.waitForTimeout(400);
  assert.equal(await moveCount(alice.page), 0, 'no move was made');
  assert.equal(await alice.page.$$eval('svg.board .mark-target', (e) => e.length), 0, 'the selection was dropped');
  // The opponent's pieces cannot be picked up either: while Alice thinks,
  // Bob may pick only his own, for a premove (premoves.test.mjs).
  assert.ok(await bob.page.$$eval('svg.board .piece.movable', (els) => els.every((e) => e.classList.contains('side-white'))), 'only Bob\'s pieces');

  // Moves: Alice by clicks, Bob by drag-and-drop, each seen by all three.
  await playOneMove(alice.page);
  assert.ok(await waitTurn(bob.page));
  const bobFrom = (await movableKeys(bob.page))[0];
  await clickPoint(bob.page, bobFrom);
  const bobTo = (await targetKeys(bob.page))[0].key;
  await bob.page.keyboard.press('Escape');
  await dragPoint(bob.page, bobFrom, bobTo);
  for (const p of [alice.page, bob.page, carol.page]) {
    await waitUntil(p, () => document.querySelectorAll('#move-list .move').length === 2, null, { timeout: 10000 });
  }
  assert.equal(await carol.page.$$eval('svg.board .piece.movable', (e) => e.length), 0, 'spectators cannot move');
  assert.equal(await carol.page.$('#resign'), null, 'spectators have no resign button');
  await screenshot(carol.page, 'loa-spectator');
  await assertNoRawKeys(carol.page);

  // Reload: Alice reconnects and continues.
  await alice.page.reload();
  await waitUntil(alice.page, () => document.querySelectorAll('#move-list .move').length === 2);
  assert.ok(await waitTurn(alice.page));
  await playOneMove(alice.page);
  await waitUntil(carol.page, () => document.querySelectorAll('#move-list .move').length === 3);

  // Keyboard: Bob moves with the arrow keys and Enter.
  assert.ok(await waitTurn(bob.page));
  await bob.page.focus('svg.board');
  const keyFrom = (await movableKeys(bob.page))[0];
  await bob.page.keyboard.press('ArrowUp'); // puts the cursor on a movable piece
  const cursorOn = await bob.page.evaluate(() => {
    const c = document.querySelector('svg.board .mark-cursor');
    return c ? [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))] : null;
  });
  assert.ok(cursorOn && keyFrom, 'a keyboard cursor appears');
  await bob.page.keyboard.press('Enter');
  const kt = await targetKeys(bob.page);
  assert.ok(kt.length > 0, 'Enter selects the piece under the cursor');
  await bob.page.keyboard.press('Escape');
  await playOneMove(bob.page);

  // A draw offer, declined: Alice is told.
  assert.ok(await waitTurn(alice.page));
  await alice.page.click('#offer-draw');
  await bob.page.waitForSelector('#draw-offer');
  await bob.page.click('#draw-offer .btn.ghost');
  await alice.page.waitForSelector('.notice-area .toast', { timeout: 5000 });
  assert.match(await alice.page.textContent('.notice-area .toast'), /Your draw offer was declined/);
  await bob.page.waitForSelector('#draw-offer', { state: 'detached' });
  assert.equal(await bob.page.$('.notice-area .toast'), null, 'no notice for the one who declined');

  // Another, accepted.
  await alice.page.click('#offer-draw');
  await bob.page.waitForSelector('#draw-offer');
  await screenshot(bob.page, 'loa-draw-offer');
  await bob.page.click('#draw-offer .btn.primary');
  for (const p of [alice.page, bob.page, carol.page]) await p.waitForSelector('#result-banner', { timeout: 10000 });
  assert.match(await carol.page.textContent('#result-banner'), /Draw/);
  for (const p of [alice.page, bob.page, carol.page]) assert.deepEqual(p.errors, []);
});

test('a rated game between registered players changes their ratings', async () => {
  const alice = await newPlayer(browser);
  const bob = await newPlayer(browser);
  const aliceName = await signUp(alice.page, 'alice');
  await signUp(bob.page, 'bob');
  await alice.page.goto(`${BASE}/`);
  await alice.page.click('.game-choice[data-game="football"]');
  await alice.page.click('#opponent-choice [data-opponent="challenge"]');
  await alice.page.check('#rated');
  await alice.page.click('#create-game');
  await alice.page.waitForURL(/\/game\//);
  const url = alice.page.url();
  await alice.page.waitForSelector('.invite input');
  assert.equal(await alice.page.inputValue('.invite input'), url, 'the invitation link is the game page');
  // Bob opens the private link and joins from it.
  await bob.page.goto(url);
  await bob.page.click('#join-game');
  for (const p of [alice.page, bob.page]) await p.waitForSelector('#resign', { timeout: 10000 });
  // Each side moves once: resigning before that would abort the game, unrated.
  const id = url.split('/').pop();
  const aliceSide = (await serverState(alice.page, id)).you;
  const pages = aliceSide === 0 ? [alice.page, bob.page] : [bob.page, alice.page];
  for (let ply = 0; ply < 2; ply++) {
    const st = await serverState(alice.page, id);
    await apiMove(pages[st.to_move], id, st.legal[0]);
  }
  await waitUntil(alice.page, () => document.querySelectorAll('#move-list .move').length === 2, null, { timeout: 10000 });
  await alice.page.click('#resign');
  await alice.page.click('#confirm-yes');
  await bob.page.waitForSelector('#result-banner .rating-change', { timeout: 10000 });
  assert.match(await bob.page.textContent('#result-banner'), /You won!/);
  await alice.page.goto(`${BASE}/profile/${aliceName}`);
  await alice.page.waitForSelector('#ratings');
  assert.match(await alice.page.textContent('#ratings'), /Chess Football/);
  await screenshot(alice.page, 'profile-rated');
});

test('a takeback against the computer is granted at once', async () => {
  const { page } = await newPlayer(browser);
  await createGame(page, { game: 'loa', options: { size: '6' }, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  await playOneMove(page);
  await waitUntil(page, () => document.querySelectorAll('#move-list .move').length === 2, null, { timeout: 15000 });
  assert.ok(await waitTurn(page));
  await page.click('#takeback');
  await waitUntil(page, () => document.querySelectorAll('#move-list .move').length === 0, null, { timeout: 10000 });
  assert.ok(await waitTurn(page), 'the guest moves again from the start');
  assert.deepEqual(page.errors, []);
});

test('hidden simultaneous placement in Chess Football reveals nothing until both are done', async () => {
  const alice = await newPlayer(browser);
  const bob = await newPlayer(browser);
  await bob.page.goto(`${BASE}/`);
  const id = await createGame(alice.page, { game: 'football', options: { placement: 'simultaneous', 'half-length': '1' }, opponent: 'seek', side: 'first' });
  await bob.page.waitForSelector(`#seeks .game-row[data-id="${id}"] .join`, { timeout: 10000 });
  await bob.page.click(`#seeks .game-row[data-id="${id}"] .join`);
  await bob.page.waitForURL(new RegExp(`/game/${id}$`));
  // Team choices, White then Black.
  for (const p of [alice.page, bob.page]) {
    assert.ok(await waitTurn(p));
    await playOneMove(p);
  }
  // Both place at once; each sees only their own pieces until the reveal.
  await waitUntil(alice.page, () => /secret/.test(document.querySelector('.status-line').textContent), null, { timeout: 5000 })
    .catch(async () => { throw new Error(`no hidden phase: ${await alice.page.textContent('.status-line')} ${JSON.stringify((await serverState(alice.page, id)).hidden)}`); });
  const own = (p, side) => p.$$eval(`svg.board .fb-piece.side-${side}:not([data-key^="hand:"])`, (e) => e.length);
  let hiddenSeen = false;
  for (let round = 0; round < 12; round++) {
    const status = await alice.page.textContent('.status-line');
    if (!/secret|placed/.test(status)) break;
    hiddenSeen = true;
    for (const [p, mine, theirs] of [[alice.page, 'white', 'black'], [bob.page, 'black', 'white']]) {
      const hand = (await movableKeys(p)).filter((k) => k.startsWith('hand:'));
      if (!hand.length) continue;
      assert.equal(await own(p, theirs), 0, 'the other side\'s placements stay hidden');
      const before = await own(p, mine);
      await clickPoint(p, hand[0]);
      const [target] = await targetKeys(p);
      await clickPoint(p, target.key);
      await waitUntil(p, ([side, n]) => document.querySelectorAll(`svg.board .fb-piece.side-${side}:not([data-key^="hand:"])`).length > n
        || !/secret|placed/.test(document.querySelector('.status-line').textContent), [mine, before], { timeout: 10000 });
    }
  }
  assert.ok(hiddenSeen, 'a hidden placement phase took place');
  // After the reveal both boards show all twelve pieces.
  for (const p of [alice.page, bob.page]) {
    await waitUntil(p, () => document.querySelectorAll('svg.board .fb-piece:not([data-key^="hand:"])').length === 12, null, { timeout: 10000 });
  }
  await screenshot(bob.page, 'football-revealed');
  await assertNoRawKeys(bob.page);
  for (const p of [alice.page, bob.page]) assert.deepEqual(p.errors, []);
});

/** The page of `pages` whose turn it is (its status line says so). */
async function whoseTurn(pages) {
  for (let i = 0; i < 200; i++) {
    for (const p of pages) if (await p.$('.status-line.mine')) return p;
    await pages[0].waitForTimeout(50);
  }
  throw new Error('nobody to move');
}

for (const [label, options] of [['desktop', { viewport: { width: 1366, height: 768 } }], ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }]]) {
  test(`${label}: after a rated game the bars show each rating after it with its change, on a later visit too (without the pop-up)`, async () => {
    const alice = await newPlayer(browser, options);
    const bob = await newPlayer(browser, options);
    await signUp(alice.page, 'rtal');
    await signUp(bob.page, 'rtbo');
    const id = await smallLoaChallenge(alice.page, bob.page, '5+3', true);
    // The ratings before the game beside the names, no change yet.
    assert.match(await bob.page.textContent('.player-bar.bottom .rating'), /^1500$/);
    // One move each (by clicks), then Alice resigns.
    for (let ply = 0; ply < 2; ply++) await playOneMove(await whoseTurn([alice.page, bob.page]));
    for (const p of [alice.page, bob.page]) await waitUntil(p, () => document.querySelectorAll('#move-list .move').length === 2, null, { timeout: 10000 });
    await alice.page.click('#resign');
    await alice.page.click('#confirm-yes');
    await bob.page.waitForSelector('#result-banner .rating-change', { timeout: 10000 });
    const bars = async (page) => ({
      mine: (await page.textContent('.player-bar.bottom .rating')).trim(),
      theirs: (await page.textContent('.player-bar.top .rating')).trim(),
    });
    const won = await bars(bob.page);
    assert.match(won.mine, /^1\d{3} \(\+\d+\)$/, `the winner's rating after, with its gain: ${won.mine}`);
    assert.match(won.theirs, /^1\d{3} \(−\d+\)$/, `the loser's, with its loss: ${won.theirs}`);
    const after = Number(won.mine.split(' ')[0]);
    assert.ok(after > 1500, 'the rating after the game, not before');
    assert.deepEqual(await bars(alice.page), { mine: won.theirs, theirs: won.mine });
    await screenshot(bob.page, `rating-after-${label}`);

    // A later visit: no pop-up, the same ratings (read from the game's end).
    await bob.page.reload();
    await bob.page.waitForSelector('#show-result');
    assert.equal(await bob.page.isVisible('#result-banner'), false, 'the result pops up once only');
    await waitUntil(bob.page, () => /\(/.test(document.querySelector('.player-bar.bottom .rating')?.textContent || ''), null, { timeout: 10000 });
    assert.deepEqual(await bars(bob.page), won);
    assert.match(await bob.page.textContent('#status-line'), /resign/i);
    assert.equal(id.length > 0, true);
    assert.deepEqual(alice.page.errors, []);
    assert.deepEqual(bob.page.errors, []);
    await alice.context.close();
    await bob.context.close();
  });
}
