// Chat (issue 14), with three people in three browsers: two players talk
// in their game's room, a spectator on a phone talks in the spectators'
// room (which the players never see, nor she theirs), a message written
// as HTML stays text, a mute hides someone's lines at once (and Unmute
// brings them back), the lobby's room between two browsers (the phone's
// panel collapsed with an unread count), the length counter and the rate
// limit's refusal shown in the panel.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPlayer, createGame, screenshot, assertNoRawKeys, BASE, waitUntil } from './helpers.mjs';

let browser;
let alice;
let bob;
let carol;
before(async () => {
  browser = await launch();
  alice = await newPlayer(browser);
  bob = await newPlayer(browser);
  // Carol is on a phone.
  carol = await newPlayer(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const p of [alice, bob, carol]) {
    p.page.alerts = [];
    p.page.on('dialog', (d) => { p.page.alerts.push(d.message()); d.dismiss().catch(() => {}); });
  }
});
after(async () => { await browser?.close(); });

/** The texts of the chat lines the page shows. */
function chatTexts(page) {
  return page.$$eval('#chat-lines .chat-line .chat-text', (els) => els.map((e) => e.textContent));
}

/** Wait until the page's chat shows a line saying `text`. */
function waitLine(page, text, timeout = 5000) {
  return waitUntil(page, (s) => [...document.querySelectorAll('#chat-lines .chat-text')].some((e) => e.textContent === s), text, { timeout });
}

/** Type `text` in the chat and send it with Enter; resolves once it shows. */
async function say(page, text) {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
  await waitLine(page, text);
  // The line may come over the socket before the POST's answer clears it.
  // (waitUntil: page.waitForFunction's polling evaluates a string, which
  // the server's Content-Security-Policy forbids.)
  await waitUntil(page, () => document.querySelector('#chat-input').value === '', null, { timeout: 5000 });
  assert.equal(await page.inputValue('#chat-input'), '', 'the input is cleared once sent');
}

test('players and spectators each in their own room', async () => {
  const id = await createGame(alice.page, { game: 'loa', options: { size: '6' }, opponent: 'seek', clock: 'untimed', side: 'first' });
  await alice.page.waitForSelector('#chat[data-room="players"]');
  assert.equal(await alice.page.textContent('#chat-room'), 'Players');

  // Bob opens the seek's link: a spectator until he takes the seat, then
  // in the players' room.
  await bob.page.goto(`${BASE}/game/${id}`);
  await bob.page.waitForSelector('#chat[data-room="spectators"]');
  await bob.page.click('#join-game');
  await bob.page.waitForSelector('#chat[data-room="players"]', { timeout: 10000 });
  const bobName = await bob.page.textContent('.user-name');

  // Carol watches on her phone, without a session: the board first, the
  // chat collapsed under it; she cannot write until she chats as a guest.
  await carol.page.goto(`${BASE}/game/${id}`);
  await carol.page.waitForSelector('#chat[data-room="spectators"]');
  const board = await carol.page.locator('.board-wrap').boundingBox();
  const chatBox = await carol.page.locator('#chat').boundingBox();
  assert.ok(chatBox.y >= board.y + board.height, 'the chat comes under the board on a phone');
  assert.equal(await carol.page.getAttribute('#chat-toggle', 'aria-expanded'), 'false');
  assert.equal(await carol.page.isVisible('#chat-lines'), false, 'collapsed at first');
  await carol.page.tap('#chat-toggle');
  assert.equal(await carol.page.isVisible('#chat-lines'), true);
  assert.equal(await carol.page.textContent('#chat-room'), 'Spectators');
  assert.equal(await carol.page.isDisabled('#chat-input'), true, 'no session: no writing');
  assert.match(await carol.page.textContent('#chat-signin'), /chat as a guest/i);

  // The players talk; each sees the other.
  await say(alice.page, 'good luck!');
  await waitLine(bob.page, 'good luck!');
  await say(bob.page, 'you too');
  await waitLine(alice.page, 'you too');
  assert.match(await alice.page.textContent(`#chat-lines .chat-line[data-user="${bobName}"] .chat-who`), /guest/, 'a guest is marked');

  // Carol chats as a guest, in the spectators' room only.
  await carol.page.tap('#chat-as-guest');
  await carol.page.waitForSelector('#chat-input:not([disabled])');
  await say(carol.page, 'from the stands');
  await screenshot(carol.page, 'chat-spectator-phone');
  // A later players' line reaches both players: Carol's never came.
  await say(alice.page, 'after the stands');
  await waitLine(bob.page, 'after the stands');
  for (const p of [alice.page, bob.page]) assert.ok(!(await chatTexts(p)).includes('from the stands'), 'players do not read the spectators');
  const players = await alice.page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/chat`)).json(), id);
  assert.equal(players.room, 'players');
  assert.ok(!players.lines.some((l) => l.text === 'from the stands'));
  assert.deepEqual(await chatTexts(carol.page), ['from the stands'], 'the spectators do not read the players');

  // A message written as HTML is shown as its text: no element is made.
  const html = '<img src=x onerror=alert(1)><b>bold</b>';
  await say(bob.page, html);
  await waitLine(alice.page, html);
  assert.equal(await alice.page.$$eval('#chat-lines img, #chat-lines b', (els) => els.length), 0);
  assert.equal(await bob.page.$$eval('#chat-lines img, #chat-lines b', (els) => els.length), 0);
  await screenshot(alice.page, 'chat-players');

  // Alice mutes Bob: his lines go at once, and a new one does not show.
  const bobLine = `#chat-lines .chat-line[data-user="${bobName}"]`;
  await alice.page.hover(`${bobLine} >> nth=0`);
  assert.equal(await alice.page.getAttribute(`${bobLine} >> nth=0 >> .chat-mute`, 'aria-label'), `Mute ${bobName}`);
  await alice.page.click(`${bobLine} >> nth=0 >> .chat-mute`);
  await waitUntil(alice.page, (sel) => document.querySelectorAll(sel).length === 0, bobLine);
  assert.deepEqual(await chatTexts(alice.page), ['good luck!', 'after the stands']);
  assert.equal(await alice.page.$$eval('.chat-line.mine .chat-mute', (els) => els.length), 0, 'no mute on one\'s own lines');
  await say(bob.page, 'hello? can you read me');
  await alice.page.waitForTimeout(400);
  assert.ok(!(await chatTexts(alice.page)).includes('hello? can you read me'));
  // The server leaves him out too (a reloaded page's history).
  await alice.page.reload();
  await waitLine(alice.page, 'after the stands');
  assert.equal(await alice.page.$$eval(bobLine, (els) => els.length), 0);
  // The mutes are read apart from the history: they may come after it.
  await waitUntil(alice.page, () => document.querySelector('#chat-mutes-toggle')?.textContent === 'Muted (1)', null, { timeout: 5000 });

  // Unmuted from the list: his lines are back, that one included.
  await alice.page.click('#chat-mutes-toggle');
  await alice.page.click(`#chat-mutes li[data-user="${bobName}"] .chat-unmute`);
  await waitLine(alice.page, 'hello? can you read me');
  assert.deepEqual(await chatTexts(alice.page), ['good luck!', 'you too', 'after the stands', html, 'hello? can you read me']);
  assert.equal(await alice.page.isVisible('#chat-mutes-toggle'), false);

  for (const p of [alice.page, bob.page, carol.page]) {
    await assertNoRawKeys(p);
    assert.deepEqual(p.alerts, []);
    assert.deepEqual(p.errors, []);
  }
});

test('the lobby\'s room: two browsers, the phone\'s unread count, the counter, the rate limit', async () => {
  await alice.page.goto(`${BASE}/`);
  await carol.page.goto(`${BASE}/`);
  await alice.page.waitForSelector('#chat[data-room="lobby"].open');
  await carol.page.waitForSelector('#chat[data-room="lobby"]');
  assert.equal(await carol.page.isVisible('#chat-lines'), false, 'collapsed on a phone');
  // Both sockets carry the lobby's chat once its first message came.
  await alice.page.waitForSelector('#seeks .empty-row, #seeks .game-row');
  await carol.page.waitForSelector('#seeks .empty-row, #seeks .game-row');

  await say(alice.page, 'anyone for a game?');
  await carol.page.waitForSelector('#chat-unread:not([hidden])');
  assert.equal(await carol.page.textContent('#chat-unread'), '1');
  await carol.page.tap('#chat-toggle');
  await waitLine(carol.page, 'anyone for a game?');
  assert.equal(await carol.page.isVisible('#chat-unread'), false, 'read once open');
  await say(carol.page, 'me!');
  await waitLine(alice.page, 'me!');
  await screenshot(carol.page, 'chat-lobby-phone');
  await alice.page.locator('#chat').scrollIntoViewIfNeeded();
  await screenshot(alice.page, 'chat-lobby');

  // At most 140 characters: the counter says so and the input stops there.
  await alice.page.fill('#chat-input', 'x'.repeat(150));
  assert.equal((await alice.page.inputValue('#chat-input')).length, 140);
  assert.equal(await alice.page.textContent('#chat-count'), '140/140');

  // Past the rate, the server's refusal shows in the panel and the text stays.
  await alice.page.evaluate(async () => {
    for (let i = 0; i < 12; i++) {
      const res = await fetch('/api/lobby/chat', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: `flood ${i}` }) });
      if (res.status === 429) return;
    }
  });
  await alice.page.fill('#chat-input', 'one more');
  await alice.page.press('#chat-input', 'Enter');
  await alice.page.waitForSelector('#chat-error:not([hidden])');
  assert.match(await alice.page.textContent('#chat-error'), /^Too many chat messages: try again in \d+ s\.$/);
  assert.equal(await alice.page.inputValue('#chat-input'), 'one more');
  // Typing again clears it.
  await alice.page.type('#chat-input', '!');
  assert.equal(await alice.page.isVisible('#chat-error'), false);

  // A reload reads the history: the lines are there once each.
  await carol.page.reload();
  await carol.page.tap('#chat-toggle');
  await waitLine(carol.page, 'me!');
  const texts = await chatTexts(carol.page);
  assert.equal(texts.filter((x) => x === 'anyone for a game?').length, 1);
  assert.equal(texts.filter((x) => x === 'me!').length, 1);

  for (const p of [alice.page, carol.page]) {
    await assertNoRawKeys(p);
    assert.deepEqual(p.errors.filter((e) => !/429/.test(e)), []);
  }
});
