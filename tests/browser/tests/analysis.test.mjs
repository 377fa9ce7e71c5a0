// The analysis board (issue 15): a position, both sides moving freely
// (a variation branches in the move tree), the engine on: a score with
// its units, depth, nodes/s, a best line and an arrow on the board, three
// lines (multi-PV) with an arrow each; a
// finished game's "Analyse" link; the page in every language without raw
// keys.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, playOneMove, BASE, waitUntil, screenshot, assertNoRawKeys, clickPoint } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Plays `move` on the analysis board by its from/to points (LOA: `b1-b3`). */
async function playOnBoard(page, move) {
  const [from, to] = move.split(/[-x]/);
  await clickPoint(page, from);
  await clickPoint(page, to);
}

test('analysis: moves for both sides, a variation, the engine streams a line and a score', async () => {
  const { page } = await newPlayer(browser, { viewport: { width: 1366, height: 900 } });
  await page.goto(`${BASE}/analysis?game=loa&options=size%3D6`);
  await page.waitForSelector('#analysis-tree .tree-start');
  await page.waitForSelector('.board .movable');
  // The first side moves, then the other: the board takes both.
  const legal0 = await (await fetch(`${BASE}/api/positions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'loa', options: { size: '6' } }) })).json();
  const first = legal0.legal.find((m) => m.includes('-'));
  await playOnBoard(page, first);
  await page.waitForSelector(`#analysis-tree .tree-move[data-move="${first}"].current`);
  const legal1 = await (await fetch(`${BASE}/api/positions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'loa', options: { size: '6' }, moves: [first] }) })).json();
  assert.equal(legal1.to_move, 1);
  const reply = legal1.legal.find((m) => m.includes('-'));
  await waitUntil(page, () => document.querySelectorAll('.board .movable').length > 0);
  await playOnBoard(page, reply);
  await page.waitForSelector(`#analysis-tree .tree-move[data-move="${reply}"].current`);
  // Back one move and another reply: a variation.
  await page.click('#analysis-prev');
  await page.waitForSelector(`#analysis-tree .tree-move[data-move="${first}"].current`);
  const other = legal1.legal.filter((m) => m.includes('-')).find((m) => m !== reply && m.split('-')[0] !== reply.split('-')[0]);
  await waitUntil(page, () => document.querySelectorAll('.board .movable').length > 0);
  await playOnBoard(page, other);
  await page.waitForSelector(`#analysis-tree .tree-variation .tree-move[data-move="${other}"].current`);
  // Navigate the tree: the main line's reply again.
  await page.click(`#analysis-tree .tree-move[data-move="${reply}"]`);
  await page.waitForSelector(`#analysis-tree .tree-move[data-move="${reply}"].current`);

  // The engine: a score with its units, depth, nodes/s, a best line, an arrow.
  await page.click('#engine-toggle');
  await waitUntil(page, () => document.querySelectorAll('#eval-lines .line-move').length > 0, null, { timeout: 30000 });
  const score = await page.textContent('#eval-score');
  assert.match(score, /for (Black|White) \(to move\)|wins in|loses in/, score);
  assert.match(score, /Pawn-like units|forced result/, score);
  assert.match(await page.textContent('#eval-depth'), /depth \d+/);
  assert.match(await page.textContent('#eval-nps'), /nodes\/s/);
  await page.waitForSelector('.layer-arrows .arrow');
  const best = await page.getAttribute('#eval-lines .line-move', 'data-move');
  const legal2 = await (await fetch(`${BASE}/api/positions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'loa', options: { size: '6' }, moves: [first, reply] }) })).json();
  assert.ok(legal2.legal.includes(best), `${best} is legal`);
  assert.equal(await page.getAttribute('#eval-bar', 'hidden'), null);
  await screenshot(page, 'analysis-engine');
  // Clicking the best line's move plays it on the board (read and clicked
  // at once: a deeper iteration may change the best line meanwhile).
  const clicked = await page.evaluate(() => {
    const el = document.querySelector('#eval-lines .line-move');
    el.click();
    return el.dataset.move;
  });
  await page.waitForSelector(`#analysis-tree .tree-move[data-move="${clicked}"].current`);
  // The engine follows the position.
  await waitUntil(page, () => document.querySelectorAll('#eval-lines .line-move').length > 0, null, { timeout: 30000 });
  // Three lines: three first moves, an arrow each, the best one strongest.
  await page.click('#engine-lines button[data-lines="3"]');
  await waitUntil(page, () => document.querySelectorAll('#eval-lines .eval-line').length === 3
    && document.querySelectorAll('.layer-arrows .arrow').length === 3, null, { timeout: 30000 });
  // The lines and the arrows read at once (a deeper iteration may change them between two reads).
  const { firsts, strongest } = await page.evaluate(() => ({
    firsts: [...document.querySelectorAll('#eval-lines .eval-line .line-move:first-of-type')].map((e) => e.dataset.move),
    strongest: document.querySelector('.layer-arrows .arrow-best')?.dataset.move,
  }));
  assert.equal(new Set(firsts).size, 3, firsts.join(' '));
  assert.ok(firsts.includes(strongest), `${strongest} in ${firsts}`);
  await screenshot(page, 'analysis-three-lines');
  await page.click('#engine-toggle');
  await waitUntil(page, () => document.getElementById('eval-bar').hidden);
  await assertNoRawKeys(page);
});

test('analysis: a proved win is shown as such', async () => {
  const { page } = await newPlayer(browser);
  const text = '..r.......K........./k................... north play 10';
  await page.goto(`${BASE}/analysis?${new URLSearchParams({ game: 'pursuit', position: text })}`);
  await page.waitForSelector('#engine-toggle');
  await page.click('#engine-toggle');
  await waitUntil(page, () => /wins in 1/.test(document.getElementById('eval-score')?.textContent || ''), null, { timeout: 30000 });
  assert.equal(await page.getAttribute('#eval-lines .line-move', 'data-move'), '2x10');
});

test('analysis: a replay links to its analysis board', async () => {
  const { page } = await newPlayer(browser);
  const record = '[Game "loa"]\n[Option "size=6"]\n\n1. b1-b3 *';
  await page.goto(`${BASE}/replay`);
  await page.fill('#import-text', record);
  await page.click('#import-button');
  await page.waitForSelector('#analyse-replay');
  await page.click('#analyse-replay');
  await page.waitForSelector('#analysis-tree .tree-move[data-move="b1-b3"]');
  assert.match(page.url(), /\/analysis\?/);
});

test('analysis: a finished game links to its analysis board, not a live one for its player', async () => {
  const { page } = await newPlayer(browser);
  const id = await createGame(page, { game: 'loa', options: { size: '6' } });
  await playOneMove(page);
  // Live: the player is refused the game's analysis.
  await page.goto(`${BASE}/analysis/${id}`);
  await waitUntil(page, () => /analysed once it has ended|once it has ended/.test(document.querySelector('main')?.textContent || ''));
  await page.goto(`${BASE}/game/${id}`);
  await page.waitForSelector('#resign');
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#open-analysis');
  await page.click('#open-analysis');
  await page.waitForSelector('#analysis-tree .tree-move[data-node="1"]');
  await page.waitForSelector('#analysis-to-game');
});
