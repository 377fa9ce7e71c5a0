// The game page and its connection: an unknown game says it does not
// exist; a server outage (every socket of the page cut, new ones refused,
// as when the server is down) shows over the board and in the status
// line, stops the clocks, keeps a move made meanwhile waiting and sends it
// once the connection is back; the computer's thinking is shown.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, waitTurn, movableKeys, targetKeys, clickPoint, moveCount, serverState, screenshot, assertNoRawKeys, waitUntil, waitMoves, playOneMove, BASE } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('an unknown game id says the game does not exist', async () => {
  const { page } = await newPlayer(browser);
  const asked = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/games/doesnotexist12') asked.push(r.url()); });
  await page.goto(`${BASE}/game/doesnotexist12`);
  await page.waitForSelector('#game-not-found', { timeout: 5000 });
  // The socket's close code (4404) says so: no request to ask again.
  assert.deepEqual(asked, []);
  assert.match(await page.textContent('#game-not-found h1'), /does not exist/);
  assert.match(await page.textContent('#game-not-found'), /doesnotexist12/);
  assert.equal(await page.$('.loading'), null, 'no "Loading…" left');
  await page.click('#game-not-found a.btn');
  await page.waitForSelector('#create-game');
  await assertNoRawKeys(page);
  assert.deepEqual(page.errors, []);
});

/**
 * A page whose WebSockets can be cut: `window.__outage(true)` closes them
 * and sends new ones to an address that refuses them (same origin, so the
 * Content-Security-Policy allows it; not a game's socket, which the server
 * would accept and close with 4404, "no such game"), `__outage(false)`
 * ends the outage.
 */
async function outagePlayer(options) {
  const player = await newPlayer(browser, options);
  await player.context.addInitScript(() => {
    const Real = window.WebSocket;
    const open = new Set();
    let down = false;
    window.WebSocket = class extends Real {
      constructor(url, protocols) {
        super(down ? `${location.origin.replace(/^http/, 'ws')}/api/outage/ws` : url, protocols);
        open.add(this);
        this.addEventListener('close', () => open.delete(this));
      }
    };
    window.__outage = (on) => {
      down = on;
      if (on) for (const ws of open) ws.close();
    };
  });
  return player;
}

const clockText = (page, side) => page.$eval(`.clock[data-side="${side}"]`, (e) => e.textContent);

test('a server outage shows, stops the clocks, and a move made meanwhile is sent on reconnecting', async () => {
  const { page } = await outagePlayer();
  const id = await createGame(page, { game: 'loa', options: { size: '6' }, clock: '3+2', level: 'random', side: 'first' });
  assert.ok(await waitTurn(page));
  await waitUntil(page, () => document.querySelector('.clock.running[data-side="0"]'));

  await page.evaluate(() => window.__outage(true));
  await page.waitForSelector('#conn-lost:not([hidden])', { timeout: 5000 });
  assert.match(await page.textContent('#conn-lost'), /Connection lost/);
  assert.match(await page.textContent('#status-line'), /Connection lost/);
  assert.ok(!(await page.textContent('#status-line')).includes('Your turn'), 'not "Your turn" while offline');
  assert.ok(await page.$('.conn.offline'));
  // The clocks stop.
  const before = await clockText(page, 0);
  await page.waitForTimeout(1300);
  assert.equal(await clockText(page, 0), before, 'the clock stands while the connection is lost');
  assert.ok(await page.$('.clock.stopped'));

  // A move made meanwhile waits, and says so.
  const [from] = await movableKeys(page);
  await clickPoint(page, from);
  const [target] = await targetKeys(page);
  await clickPoint(page, target.key);
  await waitUntil(page, () => /will be sent/.test(document.querySelector('#status-line')?.textContent || ''));
  assert.match(await page.textContent('#conn-lost'), /will be sent/);
  await screenshot(page, 'connection-lost');
  await assertNoRawKeys(page);
  assert.equal((await serverState(page, id)).moves.length, 0, 'nothing reached the server');
  assert.equal(await moveCount(page), 0);

  // The connection comes back: the move is sent, the computer answers.
  await page.evaluate(() => window.__outage(false));
  await page.waitForSelector('#conn-lost', { state: 'hidden', timeout: 15000 });
  await waitUntil(page, () => document.querySelectorAll('#move-list .move').length >= 2, null, { timeout: 10000 });
  const st = await serverState(page, id);
  assert.ok(st.moves[0].startsWith(from) && st.moves[0].endsWith(target.key), `the waiting move was played: ${st.moves[0]}`);
  assert.ok(await waitTurn(page));
  assert.doesNotMatch(await page.textContent('#status-line'), /Connection lost/);
  assert.notEqual(await clockText(page, 0), before, 'the clocks go on');
  assert.equal(await page.$('.clock.stopped'), null);
  assert.deepEqual(page.errors, []);
});

test('while the computer thinks, the status line and its bar say so', async () => {
  const { page } = await newPlayer(browser);
  // The page is loaded and connected before the computer's turn comes
  // (its first move, at the game's creation, could be over before a page
  // loading on a slow machine is ready): the guest moves first, then the
  // strongest level thinks its untimed 3 s.
  await createGame(page, { game: 'loa', options: { size: '6' }, level: 'max', side: 'first' });
  assert.ok(await waitTurn(page));
  await playOneMove(page);
  const thinking = await waitUntil(page, () => {
    const s = document.querySelector('#status-line');
    return s && s.classList.contains('thinking') && document.querySelector('.player-bar .thinking-badge') ? s.textContent : null;
  }, null, { timeout: 5000, polling: 20 });
  assert.match(thinking, /White: the computer is thinking/);
  await screenshot(page, 'computer-thinking');
  await waitMoves(page, 2, 15000);
  assert.ok(await waitTurn(page));
  assert.equal(await page.$('.player-bar .thinking-badge'), null, 'no thinking once it moved');
  assert.equal(await page.$('#status-line.thinking'), null);
  assert.deepEqual(page.errors, []);
});

for (const [label, options] of [['desktop', { viewport: { width: 1366, height: 768 } }], ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }]]) {
  test(`${label}: the connection-lost notice does not cover the board`, async () => {
    const { page } = await outagePlayer(options);
    await createGame(page, { game: 'loa', options: { size: '6' }, clock: '3+2', level: 'random', side: 'first' });
    assert.ok(await waitTurn(page));
    await page.evaluate(() => window.__outage(true));
    await page.waitForSelector('#conn-lost:not([hidden])', { timeout: 5000 });
    const notice = await page.locator('#conn-lost').boundingBox();
    const board = await page.locator('svg.board').boundingBox();
    const apart = notice.y + notice.height <= board.y + 0.5 || notice.y >= board.y + board.height - 0.5
      || notice.x + notice.width <= board.x + 0.5 || notice.x >= board.x + board.width - 0.5;
    assert.ok(apart, `the notice ${JSON.stringify(notice)} is off the board ${JSON.stringify(board)}`);
    // It is in view where the page is (above the players' bars).
    assert.ok(notice.y >= 0 && notice.y + notice.height <= page.viewportSize().height, 'the notice is on the screen');
    await screenshot(page, `connection-lost-${label}`);
    await page.evaluate(() => window.__outage(false));
    await page.waitForSelector('#conn-lost', { state: 'hidden', timeout: 15000 });
    assert.deepEqual(page.errors, []);
  });
}
