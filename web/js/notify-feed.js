// The signed-in viewer's notifications, live (docs/api.md,
// "Notifications"): read with `GET /api/notifications` when a user is
// known and again after every (re)connection of the user's socket
// `GET /api/me/ws` (a LiveSocket: it reconnects and pings every 25 s),
// which pushes new ones. The server's socket sends nothing when it opens,
// so a notification stored just as it opens could fall between the read
// and the pushes: the list is read a second time a moment later. Both
// feed one model (notifications.js), merged by id.
//
// Pages and panels listen: `onFeedChange(fn)` for every change of the
// list (the bell), `onNotification(fn)` for each notification not known
// before (the result banner's rematch, the sound).

import { api, LiveSocket } from './api.js';
import { currentUser, onUserChange } from './session.js';
import { play } from './sound.js';
import * as N from './notifications.js';

let feed = N.initialFeed();
let userId = null;
let socket = null;
let reread = null;
let reads = 0;
const changeListeners = new Set();
const newListeners = new Set();

/** The current model (notifications.js). */
export function currentFeed() {
  return feed;
}

/** Call `fn(feed)` at every change; returns a function that stops it. */
export function onFeedChange(fn) {
  changeListeners.add(fn);
  return () => changeListeners.delete(fn);
}

/** Call `fn(notification)` for each one not known before; returns a function that stops it. */
export function onNotification(fn) {
  newListeners.add(fn);
  return () => newListeners.delete(fn);
}

function set(next) {
  if (next === feed) return;
  feed = next;
  for (const fn of changeListeners) fn(feed);
}

/** Take notifications in; `live`: pushed now (a sound may say so). */
function take(incoming, live) {
  const { feed: next, added } = N.merge(feed, incoming);
  set(next);
  for (const n of added) {
    // Reading the list after a reconnection finds missed ones: told like
    // pushed ones if unseen (a rematch offer waits on the banner), but
    // without a sound for old ones.
    if (n.seen) continue;
    if (live && N.chimes(n) && !(n.game && location.pathname === `/game/${n.game}`)) play('chime');
    for (const fn of newListeners) fn(n);
  }
}

/** Read the list again (at load, after a reconnection, when the list opens). */
export async function refresh() {
  if (!userId) return;
  const id = userId;
  const mine = ++reads;
  try {
    const res = await api.notifications();
    if (id !== userId || mine !== reads) return;
    // The first read for a user only fills the list: what it holds is not new.
    if (!feed.loaded) {
      set({ ...N.merge(feed, res.notifications).feed, loaded: true });
    } else {
      take(res.notifications, false);
    }
  } catch {
    // Offline or signed out: the next connection reads it again.
  }
}

/** Mark all seen (the list was opened): locally at once, then on the server. */
export function markAllSeen() {
  const { feed: next, until } = N.markSeen(feed);
  if (until === null) return;
  set(next);
  api.notificationsSeen(until).catch(() => {});
}

/** Note the viewer's answer to a challenge or rematch (its buttons go). */
export function answered(id, outcome) {
  set(N.answer(feed, id, outcome));
}

function stop() {
  socket?.close();
  socket = null;
  clearTimeout(reread);
}

function follow(user) {
  const id = user ? user.id : null;
  if (id === userId) return;
  stop();
  userId = id;
  reads++;
  set(N.initialFeed());
  if (!id) return;
  socket = new LiveSocket('/api/me/ws', {
    onStatus: (s) => {
      if (s !== 'open') return;
      refresh();
      clearTimeout(reread);
      reread = setTimeout(refresh, 2000);
    },
    onMessage: (msg) => {
      if (msg && msg.type === 'notification') take(msg.notification, true);
    },
  });
}

/** Follow the session's user from now on (called once at boot). */
export function startFeed() {
  follow(currentUser());
  onUserChange(follow);
}
