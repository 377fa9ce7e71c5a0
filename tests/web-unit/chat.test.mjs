// Unit tests of the chat: its pure logic (web/js/chat.js: merging the
// history with pushed lines by id, rooms, mutes, unread counts, the length
// limit as the server counts it), the panel (web/js/panels/chat.js) built
// on a fake DOM, where what people typed must end up as text nodes, never
// parsed as HTML, and the chat's texts in all five catalogues.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as C from '../../web/js/chat.js';
import { chatLineElement, chatPanel } from '../../web/js/panels/chat.js';
import { errorText } from '../../web/js/errors.js';
import { setUser } from '../../web/js/session.js';
import { useEnglish } from './english.mjs';
import { installFakeDom, FakeText } from './fake-dom.mjs';

const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

const alice = { id: 'u1', name: 'alice', guest: false };
const troll = { id: 'u2', name: 'troll', guest: true };
const line = (id, user, text, at) => ({ id, user, text, at });

describe('chat logic', () => {
  test('lines merge by id, in time order, each once', () => {
    const a = line('a', alice, 'hi', 1000);
    const b = line('b', troll, 'yo', 2000);
    const c = line('c', alice, 'gl', 3000);
    // A pushed line came before the history that also holds it.
    let lines = C.mergeLines([], [c]);
    lines = C.mergeLines(lines, [a, b, c]);
    assert.deepEqual(lines.map((l) => l.id), ['a', 'b', 'c']);
    // Nothing new: the same array (the panel does not redraw).
    assert.equal(C.mergeLines(lines, [b, c]), lines);
    // Same time: by id; malformed lines are left out.
    lines = C.mergeLines(lines, [line('bb', alice, 'tie', 2000), { id: 'x' }, null]);
    assert.deepEqual(lines.map((l) => l.id), ['a', 'b', 'bb', 'c']);
  });

  test('at most KEEP lines are kept, the last ones', () => {
    const many = Array.from({ length: C.KEEP + 30 }, (_, i) => line(`l${i}`, alice, 'x', i));
    const lines = C.mergeLines([], many);
    assert.equal(lines.length, C.KEEP);
    assert.equal(lines[0].id, 'l30');
    assert.equal(lines.at(-1).id, `l${C.KEEP + 29}`);
  });

  test('rooms: a game room from the viewer\'s seat; lines and histories of another room are ignored', () => {
    assert.equal(C.gameRoom({ you: 0 }), 'players');
    assert.equal(C.gameRoom({ you: 1 }), 'players');
    assert.equal(C.gameRoom({ you: null }), 'spectators');
    assert.equal(C.gameRoom(null), 'spectators');
    let m = C.initialChat('spectators');
    m = C.withLine(m, 'players', line('p', alice, 'secret', 1));
    assert.deepEqual(m.lines, []);
    m = C.withHistory(m, { room: 'players', lines: [line('p', alice, 'secret', 1)] });
    assert.deepEqual(m.lines, []);
    m = C.withHistory(m, { room: 'spectators', lines: [line('s', troll, 'hello', 2)] });
    assert.deepEqual(m.lines.map((l) => l.id), ['s']);
    // Taking a seat: the spectators' lines go.
    m = C.moveTo(m, 'players');
    assert.equal(m.room, 'players');
    assert.deepEqual(m.lines, []);
    assert.equal(C.moveTo(m, 'players'), m);
  });

  test("unread: lines of others arriving unseen, not one's own nor the muted's", () => {
    let m = C.withMutes(C.initialChat('lobby'), [troll]);
    m = C.withLine(m, 'lobby', line('1', alice, 'a', 1), { seen: false, me: 'u9' });
    m = C.withLine(m, 'lobby', line('1', alice, 'a', 1), { seen: false, me: 'u9' }); // the same again
    m = C.withLine(m, 'lobby', line('2', troll, 'b', 2), { seen: false, me: 'u9' });
    m = C.withLine(m, 'lobby', line('3', { id: 'u9', name: 'me' }, 'c', 3), { seen: false, me: 'u9' });
    m = C.withLine(m, 'lobby', line('4', alice, 'd', 4), { seen: true, me: 'u9' });
    assert.equal(m.unread, 1);
    assert.equal(C.markRead(m).unread, 0);
  });

  test('mutes hide a user\'s lines at once; unmuting shows them again', () => {
    let m = C.initialChat('lobby');
    m = C.withHistory(m, { room: 'lobby', lines: [line('1', alice, 'a', 1), line('2', troll, 'b', 2), line('3', troll, 'c', 3)] });
    m = C.mute(m, troll);
    assert.deepEqual(C.visibleLines(m).map((l) => l.id), ['1']);
    assert.deepEqual(m.muted, [{ id: 'u2', name: 'troll', guest: true }]);
    assert.equal(C.mute(m, troll), m, 'muting twice changes nothing');
    m = C.unmute(m, 'troll');
    assert.deepEqual(C.visibleLines(m).map((l) => l.id), ['1', '2', '3']);
    assert.deepEqual(C.withMutes(m, [troll, alice]).muted.map((u) => u.name), ['alice', 'troll']);
  });

  test('the length limit counts characters as the server does (code points)', () => {
    assert.equal(C.MAX_CHARS, 140);
    assert.equal(C.charCount('😀😀'), 2); // four UTF-16 units
    assert.equal(C.clip('😀'.repeat(150)), '😀'.repeat(140));
    assert.equal(C.clip('short'), 'short');
    assert.ok(C.sendable('  hi  '));
    assert.ok(!C.sendable('   '));
    assert.ok(C.sendable('x'.repeat(140)));
    assert.ok(!C.sendable('x'.repeat(141)));
    assert.ok(C.sendable(` ${'x'.repeat(140)} `), 'trimmed like the server');
  });

  test('times', () => {
    const at = Date.UTC(2026, 11, 1, 9, 5);
    assert.match(C.timeText(at, 'en'), /^\d{1,2}:\d{2}/);
    assert.ok(C.dateTimeText(at, 'en').length > 5);
  });
});

describe('chat panel (fake DOM)', () => {
  let restore;
  before(async () => {
    await useEnglish();
    restore = installFakeDom();
  });
  after(() => restore());

  test('a line that looks like HTML becomes text: no element is made from it', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const el = chatLineElement(line('x1', { id: 'u3', name: '<b>bold</b>', guest: true }, evil, Date.UTC(2026, 0, 1)), { me: 'u1', onMute: () => {} });
    const tags = el.descendants().map((e) => e.tagName);
    assert.ok(!tags.includes('IMG') && !tags.includes('B'), `no element from the text: ${tags}`);
    const [text] = el.byClass('chat-text');
    assert.equal(text.childNodes.length, 1);
    assert.ok(text.childNodes[0] instanceof FakeText);
    assert.equal(text.childNodes[0].data, evil);
    assert.equal(el.byClass('chat-author')[0].textContent, '<b>bold</b>');
    assert.equal(el.byClass('chat-guest')[0].textContent, 'guest');
    const [muteBtn] = el.byClass('chat-mute');
    assert.equal(muteBtn.getAttribute('aria-label'), 'Mute <b>bold</b>');
    assert.equal(el.dataset.user, '<b>bold</b>');
  });

  test('one\'s own line has no mute button; without a session no line has one', () => {
    const own = chatLineElement(line('x2', alice, 'hi', 1), { me: 'u1', onMute: () => {} });
    assert.ok(own.classes.has('mine'));
    assert.equal(own.byClass('chat-mute').length, 0);
    const anon = chatLineElement(line('x3', troll, 'hi', 1), { me: null, onMute: null });
    assert.equal(anon.byClass('chat-mute').length, 0);
  });

  test('the panel merges the history with pushed lines, ignores other rooms, renders text', async () => {
    const realFetch = globalThis.fetch;
    const pushed = line('p2', troll, '<script>alert(1)</script>', 2000);
    globalThis.fetch = async (url) => {
      assert.equal(url, '/api/games/g1/chat');
      return {
        ok: true, status: 200,
        headers: { get: () => 'application/json' },
        json: async () => ({ room: 'spectators', lines: [line('p1', alice, 'first', 1000), pushed] }),
      };
    };
    try {
      setUser(null);
      const panel = chatPanel({ where: 'g1', room: 'spectators' });
      // A line pushed by the socket before the history answered.
      panel.receive({ type: 'chat', room: 'spectators', line: pushed });
      panel.receive({ type: 'chat', room: 'players', line: line('no', alice, 'players only', 1500) });
      await panel.sync();
      const lines = panel.el.byClass('chat-line');
      assert.deepEqual(lines.map((l) => l.dataset.id), ['p1', 'p2']);
      assert.equal(lines[1].byClass('chat-text')[0].childNodes[0].data, '<script>alert(1)</script>');
      assert.ok(!panel.el.descendants().some((e) => e.tagName === 'SCRIPT'));
      assert.equal(panel.el.byClass('chat-room')[0].textContent, 'Spectators');
      // Signed out: the input is disabled, with the hint; no mute buttons.
      const input = panel.el.descendants().find((e) => e.id === 'chat-input');
      assert.equal(input.disabled, true);
      assert.equal(panel.el.byClass('chat-mute').length, 0);
      assert.match(panel.el.descendants().find((e) => e.id === 'chat-signin').textContent, /Chat as a guest/);
      panel.destroy();
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe('chat texts', () => {
  before(useEnglish);

  test('the server\'s chat errors are translated by their codes', () => {
    const e = (message, code, params) => ({ message, code, params });
    assert.equal(errorText(e('too many chat messages, retry in 6 s', 'too_many', { what: 'chat', n: '6' })), 'Too many chat messages: try again in 6 s.');
    assert.equal(errorText(e('the message is empty', 'chat_empty')), 'The message is empty.');
    assert.equal(errorText(e('a message has at most 140 characters', 'chat_too_long', { n: '140' })), 'A message has at most 140 characters.');
    assert.equal(errorText(e('you cannot mute yourself', 'mute_self')), 'You cannot mute yourself.');
    assert.equal(errorText(e('sign in or play as a guest first', 'sign_in_first')), 'Sign in or play as a guest first.');
  });

  test('every chat key is in every catalogue', () => {
    const src = fs.readFileSync(path.join(WEB, 'js', 'panels', 'chat.js'), 'utf8');
    const keys = new Set([...src.matchAll(/t\('((?:chat|account|nav)\.[a-z_.]+)'/g)].map((m) => m[1]));
    for (const m of src.matchAll(/t\(me \? '([a-z_.]+)' : '([a-z_.]+)'\)/g)) { keys.add(m[1]); keys.add(m[2]); }
    for (const room of ['lobby', 'players', 'spectators']) keys.add(`chat.room.${room}`).add(`chat.note.${room}`);
    keys.add('error.too_many.chat').add('error.chat_empty').add('error.chat_too_long').add('error.mute_self');
    assert.ok(keys.has('chat.placeholder_signed_out') && keys.has('chat.mute_user') && keys.size > 20);
    for (const lang of ['en', 'it', 'ko', 'ne', 'ru']) {
      const cat = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', `${lang}.json`), 'utf8'));
      assert.deepEqual([...keys].filter((k) => !(k in cat)), [], `${lang} has every chat text`);
    }
  });

  test('no client module parses strings as HTML', () => {
    const files = [];
    const walk = (dir) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.js')) files.push(p);
      }
    };
    walk(path.join(WEB, 'js'));
    assert.ok(files.some((f) => f.endsWith(path.join('panels', 'chat.js'))));
    for (const f of files) {
      const src = fs.readFileSync(f, 'utf8');
      assert.doesNotMatch(src, /\.(innerHTML|outerHTML)\b|insertAdjacentHTML|createContextualFragment|DOMParser|document\.write/, path.relative(WEB, f));
    }
  });
});
