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

/** A session for acting: the current user, or a new guest. */
export async function ensureSession() {
  if (user) return user;
  setUser((await api.guest()).user);
  return user;
}
