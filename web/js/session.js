// Who the viewer is: the signed-in user or guest, shared by every page.

import { api } from './api.js';

let user = null;
const listeners = new Set();

export function currentUser() {
  return user;
}

export function setUser(u) {
  user = u;
  for (const fn of listeners) fn(u);
}

/** Call `fn(user)` whenever the user changes; returns a function that stops it. */
export function onUserChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function loadUser() {
  try {
    setUser((await api.me()).user);
  } catch {
    setUser(null);
  }
  return user;
}

let guestComing = null; // the guest being made, while its answer is on its way

/**
 * A session for acting: the current user, or a new guest. Two actions at
 * once (a double click) share one guest: two would each set the session
 * cookie, and the page's user could be another than the one that acted.
 */
export function ensureSession() {
  if (user) return Promise.resolve(user);
  guestComing ??= api.guest()
    .then((res) => { setUser(res.user); return user; })
    .finally(() => { guestComing = null; });
  return guestComing;
}
