// Lines of Action: a guest plays the computer on the 6x6 board by clicking
// until the game ends by the rules (connection), then replays and exports.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, playOneMove, waitTurn, serverState, screenshot, BASE, pointCenter, assertNoRawKeys } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Choose the move that brings the mover's pieces closest together. */
function connector() {
  return (pieces) => (candidates) => {
    let best = null;
    let bestScore = Infinity;
    for (const c of candidates) {
      const mine = pieces.filter((p) => p !== c.from).concat([c.to]).map((k) => [k.charCodeAt(0) - 97, Number(k.slice(1))]);
      const cx = mine.reduce((a, p) => a + p[0], 0) / mine.length;
      const cy = mine.reduce((a, p) => a + p[1], 0) / mine.length;
      const score = mine.reduce((a, p) => a + Math.max(Math.abs(p[0] - cx), Math.abs(p[1] - cy)), 0);
      if (score < bestScore) { bestScore = score; best = c; }
    }
    return best;
  };
}

test('a guest plays Lines of Action (6x6) against the computer to a finish by connection', async () => {
  const { page } = await newPlayer(browser);
  const id = await createGame(page, { game: 'loa', options: { size: '6', repetition: 'off' }, level: 'random', side: 'first' });
  assert.ok(await waitTurn(page), 'Black (the guest) moves first');
  assert.equal(await page.$$eval('svg.board .loa-piece.side-black', (e) => e.length), 8, '8 Black pieces on 6x6');
  assert.equal(await page.$$eval('svg.board .loa-piece.side-white', (e) => e.length), 8);
  await screenshot(page, 'loa-start');

  const choose = connector();
  let moves = 0;
  for (; moves < 200; moves++) {
    if (!(await waitTurn(page))) break;
    const pieces = await page.$$eval('svg.board .loa-piece.side-black', (els) => els.map((e) => e.dataset.key));
    await playOneMove(page, choose(pieces));
    if (moves === 3) await screenshot(page, 'loa-midgame');
  }
  await page.waitForSelector('#result-banner');
  await screenshot(page, 'loa-result');
  await assertNoRawKeys(page);
  const st = await serverState(page, id);
  assert.equal(st.status, 'finished');
  assert.ok(['connection', 'simultaneous-connection'].includes(st.result.reason), `ended by connection, not ${st.result.reason}`);
  assert.match(await page.textContent('#result-banner'), /won|lost|Draw/);
  assert.deepEqual(page.errors, []);

  // Replay: step back and forth, the record exports.
  await page.click('#result-banner a[href^="/replay/"]');
  await page.waitForSelector('#replay-moves .move');
  const total = await page.$$eval('#replay-moves .move', (e) => e.length);
  assert.equal(total, st.moves.length);
  await page.click('#replay-first');
  assert.equal(await page.$$eval('svg.board .loa-piece', (e) => e.length), 16, 'the start position has 16 pieces');
  await page.click('#replay-next');
  assert.match(await page.textContent('#ply-counter'), new RegExp(`1\\D+${total}`));
  await page.keyboard.press('End');
  await screenshot(page, 'loa-replay');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-record')]);
  const text = await (await fetch(`${BASE}/api/games/${id}/export`)).text();
  assert.match(text, /\[Game "loa"\]/);
  assert.ok(download.suggestedFilename().endsWith('.txt'));
  assert.ok(await pointCenter(page, 'a1'));

  // Play on from the position after the first move: the lobby form is
  // filled in and the new game against the computer starts there.
  await page.click('#replay-first');
  await page.click('#replay-next');
  const after1 = await page.inputValue('#position-text');
  assert.equal(after1, st.positions[0]);
  await page.click('#play-from-here');
  await page.waitForSelector('#start-position');
  assert.equal(await page.inputValue('#start-position'), after1);
  await page.click('#clock-choice [data-clock="untimed"]');
  await page.click('#create-game');
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const fresh = await serverState(page, page.url().split('/').pop());
  assert.equal(fresh.start, after1);
  assert.equal(fresh.options.size, '6');
  assert.deepEqual(page.errors, []);
});
