// Linear Pursuit: a guest plays the computer by clicking until a King is
// captured or a side has no move.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, playOneMove, serverState, screenshot, assertNoRawKeys } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a guest plays Linear Pursuit against the computer until a King falls', async () => {
  const { page } = await newPlayer(browser);
  // A set position (in play, ply 10), North (the computer) to move: North
  // has only its King, in play on 0; South has its King out of play and
  // two Knights in play on 5 and 15, out of the King's reach, that attack
  // every position the King can go to (on pentagrams a King stays on
  // positions = 0 mod 4, and only Knights reach those). Whatever the random
  // computer plays, the King falls on South's first move.
  const position = 'k....N.........N..../..........K......... north play 10';
  const id = await createGame(page, { game: 'pursuit', options: { pawns: 'off', repetition: 'off' }, position, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  // The circular board: 20 inner and 20 outer positions, 20 + 20 chords drawn.
  assert.equal(await page.$$eval('svg.board .lp-inner', (e) => e.length), 20);
  assert.equal(await page.$$eval('svg.board .lp-outer', (e) => e.length), 20);
  assert.equal(await page.$$eval('svg.board .lp-chord', (e) => e.length), 20);
  assert.equal(await page.$$eval('svg.board .lp-piece.kind-K', (e) => e.length), 2);
  assert.equal(await page.$$eval('svg.board .lp-piece.kind-N', (e) => e.length), 2);
  assert.equal(await page.$$eval('svg.board .lp-piece.kind-P', (e) => e.length), 0, 'no Pawns with pawns=off');
  await screenshot(page, 'pursuit-start');

  // Strategy: capture the North King if possible, then any piece, then move
  // (or enter) to the inner position nearest the North King on the
  // pentagrams board (lines i±1 and i±8), varying among equally near targets.
  // Repetition is off so that the random opponent's shuffling cannot end the
  // game early; the King falls well before the move limit.
  const northKing = async () => page.$eval('svg.board .lp-piece.kind-K.side-north', (e) => e.dataset.key);
  const distance = (a, b) => {
    const seen = new Map([[a, 0]]);
    const queue = [a];
    while (queue.length) {
      const p = queue.shift();
      if (p === b) return seen.get(p);
      for (const d of [1, 19, 8, 12]) {
        const q = (p + d) % 20;
        if (!seen.has(q)) { seen.set(q, seen.get(p) + 1); queue.push(q); }
      }
    }
    return 99;
  };
  const inner = (key) => (/^\d+$/.test(key) ? Number(key) : null);
  let moves = 0;
  for (; moves < 300; moves++) {
    if (!(await waitTurn(page))) break;
    const king = await northKing();
    await playOneMove(page, (c) => {
      const hit = c.find((m) => m.to === king) || c.find((m) => m.occupied);
      if (hit || inner(king) === null) return hit || c[moves % c.length];
      const score = (m) => (inner(m.to) === null ? 99 : distance(inner(m.to), inner(king)));
      const best = Math.min(...c.map(score));
      const near = c.filter((m) => score(m) === best);
      return near[moves % near.length];
    });
    if (moves === 6) await screenshot(page, 'pursuit-midgame');
  }
  await page.waitForSelector('#result-banner');
  await screenshot(page, 'pursuit-result');
  await assertNoRawKeys(page);
  const st = await serverState(page, id);
  console.log(`pursuit: ${st.moves.length} plies, ${st.result.reason}`);
  assert.equal(st.status, 'finished');
  assert.ok(['king-captured', 'no-legal-moves'].includes(st.result.reason), `ended by the rules, not ${st.result.reason}`);
  assert.deepEqual(page.errors, []);
});
