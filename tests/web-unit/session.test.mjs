// Unit tests of the viewer's session (web/js/session.js): actions at once
// without a session share one new guest.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ensureSession, currentUser, setUser } from '../../web/js/session.js';

test('two actions at once without a session make one guest, and a later one none', async () => {
  const realFetch = globalThis.fetch;
  let made = 0;
  const answers = [];
  globalThis.fetch = async (url, { method }) => {
    assert.equal(`${method} ${url}`, 'POST /api/guest');
    made += 1;
    await new Promise((resolve) => { answers.push(resolve); });
    return { ok: true, status: 200, headers: { get: () => 'application/json' }, json: async () => ({ user: { id: `g${made}`, name: `guest${made}`, guest: true } }) };
  };
  try {
    setUser(null);
    const first = ensureSession();
    const second = ensureSession();
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const answer of answers) answer();
    assert.deepEqual(await Promise.all([first, second]), [currentUser(), currentUser()]);
    assert.equal(made, 1, 'one guest');
    assert.equal(currentUser().id, 'g1');
    assert.equal(await ensureSession(), currentUser(), 'a session now: no request');
    assert.equal(made, 1);
  } finally {
    globalThis.fetch = realFetch;
    setUser(null);
  }
});
