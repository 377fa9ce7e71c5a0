// Unit tests of the notifications' model (web/js/notifications.js), the
// rematch's logic (web/js/rematch.js) and the challenge's request
// (web/js/pages/challenge.js): merging by id, unseen counts and "mark
// seen", what each kind shows, the rematch's phases, and their texts and
// errors in all five catalogues.

import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as N from '../../web/js/notifications.js';
import * as R from '../../web/js/rematch.js';
import { opponentSpec, playerName, submitKey, OPPONENTS, recentOpponents, suggestionNames, challengeTerms, MAX_SUGGESTIONS } from '../../web/js/pages/challenge.js';
import { errorText } from '../../web/js/errors.js';
import { ApiError } from '../../web/js/api.js';
import { t } from '../../web/js/i18n.js';
import { useEnglish } from './english.mjs';
import { installFakeDom } from './fake-dom.mjs';
import { rematchControl } from '../../web/js/panels/rematch.js';

const WEB = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const alice = { id: 'ua', name: 'alice', guest: false };
const bob = { id: 'ub', name: 'bob', guest: false };

function note(id, kind, at, extra = {}) {
  return { id, kind, game: `g${id}`, from: alice, at, seen: false, ...extra };
}

describe('notifications model', () => {
  test('the list and pushes merge by id, newest first, without doubles', () => {
    let feed = N.initialFeed();
    let r = N.merge(feed, [note('b', 'your-turn', 200), note('a', 'challenge', 100)]);
    assert.deepEqual(r.added.map((n) => n.id), ['b', 'a']);
    feed = r.feed;
    // The same one pushed again, and a new one.
    r = N.merge(feed, note('b', 'your-turn', 200));
    assert.deepEqual(r.added, []);
    assert.equal(r.feed, feed, 'nothing changed: the same model');
    r = N.merge(feed, note('c', 'rematch', 300));
    assert.deepEqual(r.added.map((n) => n.id), ['c']);
    assert.deepEqual(r.feed.items.map((n) => n.id), ['c', 'b', 'a']);
    // Same instant: by id, so the order is stable.
    r = N.merge(N.initialFeed(), [note('x', 'your-turn', 5), note('y', 'your-turn', 5)]);
    assert.deepEqual(r.feed.items.map((n) => n.id), ['y', 'x']);
  });

  test('unknown kinds and malformed ones are skipped; at most KEEP kept', () => {
    const r = N.merge(N.initialFeed(), [note('a', 'future-kind', 1), { id: 'b' }, null, note('c', 'game-ended', 2)]);
    assert.deepEqual(r.feed.items.map((n) => n.id), ['c']);
    const many = Array.from({ length: N.KEEP + 5 }, (_, i) => note(`n${i}`, 'your-turn', i));
    assert.equal(N.merge(N.initialFeed(), many).feed.items.length, N.KEEP);
    assert.equal(N.merge(N.initialFeed(), many).feed.items[0].id, `n${N.KEEP + 4}`);
  });

  test('unseen count, badge, mark seen', () => {
    let { feed } = N.merge(N.initialFeed(), [note('a', 'challenge', 100), note('b', 'your-turn', 200, { seen: true }), note('c', 'rematch', 300)]);
    assert.equal(N.unseenCount(feed), 2);
    assert.equal(N.badgeText(0), '');
    assert.equal(N.badgeText(2), '2');
    assert.equal(N.badgeText(12), '9+');
    const marked = N.markSeen(feed);
    assert.equal(marked.until, 300, 'the newest instant is sent');
    assert.equal(N.unseenCount(marked.feed), 0);
    assert.deepEqual(N.markSeen(marked.feed).until, null, 'nothing more to mark');
    // A list read before the server took the mark does not bring the badge back.
    feed = N.merge(marked.feed, [note('a', 'challenge', 100), note('c', 'rematch', 300)]).feed;
    assert.equal(N.unseenCount(feed), 0);
    // A newer one is unseen.
    feed = N.merge(feed, note('d', 'challenge', 400)).feed;
    assert.equal(N.unseenCount(feed), 1);
    // Seen on either side stays seen.
    feed = N.merge(feed, note('d', 'challenge', 400, { seen: true })).feed;
    assert.equal(N.unseenCount(feed), 0);
  });

  test('what each kind shows', () => {
    const d = (n, o) => N.describe(n, o);
    assert.deepEqual(d(note('1', 'challenge', 1)), { key: 'notification.challenge', name: 'alice', href: '/game/g1', actions: ['accept', 'decline'], note: null, deadline: null });
    assert.deepEqual(d(note('1', 'challenge', 1), { game: { status: 'waiting' } }).actions, ['accept', 'decline']);
    assert.deepEqual(d(note('1', 'challenge', 1), { game: { status: 'live' } }), { key: 'notification.challenge', name: 'alice', href: '/game/g1', actions: [], note: 'notification.closed', deadline: null });
    assert.equal(d(note('1', 'rematch', 1), { game: 'gone' }).note, 'notification.closed');
    assert.equal(d(note('1', 'rematch', 1), { answered: 'declined' }).note, 'notification.declined');
    assert.deepEqual(d(note('1', 'rematch', 1), { answered: 'accepted' }).actions, []);
    // A declined challenge's game is gone: it leads to the decliner.
    assert.equal(d(note('1', 'challenge-declined', 1, { from: bob })).href, '/profile/bob');
    assert.equal(d(note('1', 'rematch-declined', 1)).href, '/game/g1');
    for (const kind of ['your-turn', 'game-ended', 'rematch-declined', 'challenge-declined']) {
      assert.deepEqual(d(note('1', kind, 1)).actions, [], kind);
      assert.equal(d(note('1', kind, 1)).key, `notification.${kind.replace(/-/g, '_')}`);
    }
    assert.equal(d(note('1', 'your-turn', 1, { from: undefined })).name, null);
    // A turn by days per move says when its time runs out; untimed, nothing.
    assert.equal(d(note('1', 'your-turn', 1, { deadline: 5000 })).deadline, 5000);
    assert.equal(d(note('1', 'your-turn', 1)).deadline, null);
    assert.equal(d(note('1', 'game-ended', 1, { deadline: 5000 })).deadline, null);
  });

  test('challenges and turns chime, the rest does not', () => {
    assert.deepEqual(N.KINDS.filter((k) => N.chimes({ kind: k })), ['challenge', 'your-turn']);
    assert.equal(N.chimes(null), false);
  });

  test('the finished games a rematch offer may follow', () => {
    const seat = (u) => ({ user: u });
    const games = [
      { id: 'g3', status: 'finished', players: [seat(alice), { computer: 'easy' }] },
      { id: 'g2', status: 'finished', players: [seat(bob), seat(alice)] },
      { id: 'g1', status: 'finished', players: [seat(alice), seat(bob)] },
      { id: 'g0', status: 'finished', players: [seat(alice), seat({ id: 'uc', name: 'carol' })] },
    ];
    assert.deepEqual(N.rematchCandidates(games, 'ub', 'ua'), ['g2', 'g1']);
    assert.deepEqual(N.rematchCandidates(games, 'ub', 'ua', 1), ['g2']);
    assert.deepEqual(N.rematchCandidates(undefined, 'ub', 'ua'), []);
  });

  test('times read as "ago" in the language', () => {
    const now = 1_800_000_000_000;
    assert.equal(N.agoText(now - 5000, now, 'en'), 'now');
    assert.equal(N.agoText(now - 5 * 60000, now, 'en'), '5 min. ago');
    assert.equal(N.agoText(now - 3 * 3600000, now, 'en'), '3 hr. ago');
    assert.equal(N.agoText(now - 2 * 86400000, now, 'en'), '2 days ago');
    assert.ok(N.agoText(now - 5 * 60000, now, 'ru').length > 0);
  });
});

describe('rematch', () => {
  const seat = (u) => ({ user: u });
  const finished = { id: 'old', status: 'finished', you: 0, players: [seat(alice), seat(bob)], result: { winner: null, reason: 'aborted', text: '-' } };

  test('who may ask for one', () => {
    assert.deepEqual(R.rematchOf(finished), { me: 'ua', computer: false, name: 'bob' });
    assert.deepEqual(R.rematchOf({ ...finished, you: 1 }), { me: 'ub', computer: false, name: 'alice' });
    assert.deepEqual(R.rematchOf({ ...finished, players: [seat(alice), { computer: 'easy' }] }), { me: 'ua', computer: true, name: null });
    assert.equal(R.rematchOf({ ...finished, you: null }), null, 'not spectators');
    assert.equal(R.rematchOf({ ...finished, status: 'live' }), null, 'not before the end');
    assert.equal(R.rematchOf(null), null);
  });

  test('the phase from the pending offer and its game', () => {
    const mine = { game: 'new', by: alice };
    const theirs = { game: 'new', by: bob };
    assert.equal(R.phaseOf({ game: null, by: null }, null, 'ua'), 'none');
    assert.equal(R.phaseOf(mine, 'waiting', 'ua'), 'waiting');
    assert.equal(R.phaseOf(theirs, 'waiting', 'ua'), 'offered');
    assert.equal(R.phaseOf(theirs, 'live', 'ua'), 'started');
    assert.equal(R.phaseOf(mine, 'finished', 'ua'), 'started');
    assert.equal(R.phaseOf(theirs, 'gone', 'ua'), 'none', 'its game was deleted');
  });

  test('what the banner shows in each phase', () => {
    assert.deepEqual(R.rematchView('none', 'bob'), { text: null, params: { name: 'bob' }, buttons: ['offer'] });
    assert.equal(R.rematchView('sending', 'bob').busy, true);
    assert.deepEqual(R.rematchView('waiting', 'bob').buttons, []);
    assert.deepEqual(R.rematchView('offered', 'bob').buttons, ['accept', 'decline']);
    assert.deepEqual(R.rematchView('started', 'bob').buttons, ['open']);
    assert.deepEqual(R.rematchView('declined', 'bob').buttons, ['offer'], 'one may offer again');
    assert.deepEqual(R.rematchView('refused', 'bob').buttons, ['offer']);
  });

  test('the new game\'s socket says when it started', () => {
    assert.equal(R.startedBy({ type: 'state', state: { status: 'waiting' } }), false);
    assert.equal(R.startedBy({ type: 'state', state: { status: 'live' } }), true);
    assert.equal(R.startedBy({ type: 'event', event: { kind: 'started' } }), true);
    assert.equal(R.startedBy({ type: 'event', event: { kind: 'move' } }), false);
    assert.equal(R.startedBy({ type: 'events', events: [{ kind: 'started' }] }), true);
    assert.equal(R.startedBy({ type: 'events', events: [] }), false);
    assert.equal(R.startedBy({ type: 'pong' }), false);
  });

  test('the banner\'s first read of the offer, answering after the viewer offered, does not take the offer back', async () => {
    const restore = installFakeDom();
    const saved = { fetch: globalThis.fetch, WebSocket: globalThis.WebSocket, location: globalThis.location };
    const json = (body) => ({ ok: true, status: 200, headers: { get: () => 'application/json' }, json: async () => body });
    let answerRead;
    const sockets = [];
    globalThis.fetch = async (url, { method }) => {
      if (method === 'GET' && url === '/api/games/old/rematch') {
        // Read before the offer (none yet); it answers last.
        return new Promise((resolve) => { answerRead = () => resolve(json({ game: null, by: null })); });
      }
      if (method === 'POST' && url === '/api/games/old/rematch') return json({ game: { id: 'new', status: 'waiting' } });
      throw new Error(`unexpected ${method} ${url}`);
    };
    globalThis.location = { protocol: 'http:', host: 'test' };
    globalThis.WebSocket = class {
      static OPEN = 1;
      static CLOSED = 3;
      constructor(url) { this.url = url; this.readyState = 0; this.closed = false; sockets.push(this); }
      close() { this.closed = true; }
    };
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    try {
      const control = rematchControl(finished);
      const byId = (id) => control.el.descendants().find((e) => e.id === id);
      byId('rematch').dispatch('click');
      await tick();
      const status = () => byId('rematch-status');
      assert.ok(status()?.classes.has('waiting'), 'the offer waits');
      assert.equal(sockets.length, 1);
      assert.match(sockets[0].url, /\/api\/games\/new\/ws$/, 'the offerer watches the new game');
      answerRead();
      await tick();
      assert.ok(status()?.classes.has('waiting'), 'still waiting after the older read answered');
      assert.equal(byId('rematch'), undefined, 'no "Rematch" button again');
      assert.equal(sockets[0].closed, false, 'still watching the new game');
      control.destroy();
      assert.equal(sockets[0].closed, true);
    } finally {
      Object.assign(globalThis, saved);
      restore();
    }
  });
});

describe('challenge by name', () => {
  test('the request\'s opponent', () => {
    assert.deepEqual(opponentSpec({ opponent: 'player', player: '  bob ' }), { type: 'challenge', user: 'bob' });
    assert.deepEqual(opponentSpec({ opponent: 'player', player: '@bob' }), { type: 'challenge', user: 'bob' });
    assert.deepEqual(opponentSpec({ opponent: 'challenge', player: 'bob' }), { type: 'challenge' });
    assert.deepEqual(opponentSpec({ opponent: 'seek' }), { type: 'seek' });
    assert.deepEqual(opponentSpec({ opponent: 'computer', level: 'hard' }), { type: 'computer', level: 'hard' });
    assert.equal(playerName(undefined), '');
    assert.deepEqual(OPPONENTS, ['computer', 'seek', 'challenge', 'player']);
    assert.equal(submitKey('player'), 'lobby.send_challenge');
    assert.equal(submitKey('computer'), 'lobby.play_computer');
    assert.equal(submitKey('seek'), 'lobby.create_seek');
  });

  test('the recent opponents: people with an account, newest first, each once', () => {
    const me = { id: 'me', name: 'me' };
    const seat = (id, name, extra = {}) => ({ user: { id, name, ...extra } });
    const games = [
      { players: [seat('me', 'me'), seat('b', 'bob')] },
      { players: [{ computer: 'easy' }, seat('me', 'me')] },
      { players: [seat('c', 'Carol'), seat('me', 'me')] },
      { players: [seat('me', 'me'), seat('g', 'guest-12', { guest: true })] },
      { players: [seat('me', 'me'), seat('x', 'robo', { bot: true })] },
      { players: [seat('me', 'me'), seat('b', 'Bob')] },
      { players: [seat('d', 'dave'), seat('e', 'erin')] }, // not the viewer's game
      { players: [seat('me', 'me'), null] },
    ];
    assert.deepEqual(recentOpponents(games, me.id), ['bob', 'Carol']);
    assert.deepEqual(recentOpponents(undefined, 'me'), []);
  });

  test('the suggestions: recent opponents first, then the server\'s names, by prefix, without case', () => {
    const recent = ['bob', 'Carol', 'bea'];
    assert.deepEqual(suggestionNames('', recent, ['zed'], 'me'), ['bob', 'Carol', 'bea'], 'nothing typed: the recent opponents');
    assert.deepEqual(suggestionNames('B', recent, ['Bertha', 'BOB', 'me'], 'me'), ['bob', 'bea', 'Bertha']);
    assert.deepEqual(suggestionNames('@ca', recent, [], 'me'), ['Carol']);
    assert.deepEqual(suggestionNames('bob', recent, ['bobby'], 'me'), ['bobby'], 'not what is typed already');
    assert.deepEqual(suggestionNames('m', [], ['me', 'mia'], 'Me'), ['mia'], 'never oneself');
    assert.deepEqual(suggestionNames('zz', recent, undefined, 'me'), [], 'a failed request: none');
    const many = Array.from({ length: 20 }, (_, i) => `p${i}`);
    assert.equal(suggestionNames('p', many, many, 'me').length, MAX_SUGGESTIONS);
  });
});

describe('texts', () => {
  before(useEnglish);

  test('a challenge\'s terms in a line', () => {
    const g = { game: 'loa', clock: { type: 'realtime', initial_ms: 300000, increment_ms: 3000 }, rated: true };
    assert.equal(challengeTerms(g), 'Lines of Action, 5+3, rated');
    assert.equal(challengeTerms({ ...g, clock: { type: 'untimed' }, rated: false }), 'Lines of Action, untimed, casual');
  });

  test('the server\'s refusals read through the catalogue', () => {
    assert.equal(errorText(new ApiError(400, 'you cannot challenge yourself', 'challenge_self')), 'You cannot challenge yourself.');
    assert.equal(errorText(new ApiError(403, 'this challenge was sent to another player', 'challenge_other')), 'This challenge was sent to another player.');
    assert.equal(errorText(new ApiError(429, 'too many challenges, retry in 7 s', 'too_many_challenges', { n: '7' })), 'Too many challenges: try again in 7 s.');
    assert.equal(errorText(new ApiError(409, 'the game is not over', 'not_over')), 'The game is not over yet.');
    assert.equal(errorText(new ApiError(409, 'no rematch was offered', 'no_rematch')), 'No rematch was offered.');
    assert.equal(errorText(new ApiError(404, "no player 'zed'", 'no_player', { name: 'zed' })), 'There is no player zed.');
  });

  test('every kind has its text, with the name', () => {
    for (const kind of N.KINDS) {
      const d = N.describe({ id: '1', kind, game: 'g', from: alice, at: 1 });
      assert.match(t(d.key, { name: 'alice' }), /alice/, kind);
    }
  });

  test('every text is in all five catalogues, with the same placeholders', () => {
    const sources = ['js/notifications.js', 'js/rematch.js', 'js/pages/challenge.js', 'js/panels/rematch.js', 'js/panels/notifications.js', 'js/pages/profile.js']
      .map((f) => fs.readFileSync(path.join(WEB, f), 'utf8')).join('\n');
    const keys = new Set([...sources.matchAll(/'((?:notification|game\.rematch|lobby\.(?:player|send|opponent\.player)|profile\.challenge)[a-z_.]*)'/g)].map((m) => m[1]).filter((k) => !k.endsWith('.')));
    for (const kind of N.KINDS) keys.add(`notification.${kind.replace(/-/g, '_')}`);
    for (const k of ['notification.accepted', 'notification.declined', 'notification.closed', 'error.challenge_self', 'error.challenge_other',
      'error.challenge_not_yours', 'error.too_many_challenges', 'error.not_over', 'error.no_rematch', 'error.own_rematch', 'error.rematch_pending']) keys.add(k);
    assert.ok(keys.size > 30, `${keys.size} keys`);
    const en = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', 'en.json'), 'utf8'));
    const holes = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const lang of ['en', 'it', 'ko', 'ne', 'ru']) {
      const cat = JSON.parse(fs.readFileSync(path.join(WEB, 'i18n', `${lang}.json`), 'utf8'));
      assert.deepEqual([...keys].filter((k) => !(k in cat)), [], `${lang} has every text`);
      for (const k of keys) assert.deepEqual(holes(cat[k]), holes(en[k]), `${lang} ${k} placeholders`);
    }
  });
});
