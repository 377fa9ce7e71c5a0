// The chat panel of the lobby and of the game page (docs/api.md, "Chat"):
// the room's lines (author, guest badge, time), a 140-character input
// where Enter sends, the server's refusals shown inline (a rate limit),
// per-line "Mute NAME" and the list of muted users with Unmute. On a
// phone it starts collapsed under the board: its head is a toggle with an
// unread count.
//
// What people typed is only ever put in the page as text nodes (dom.js
// `h` turns strings into text nodes; nothing here sets HTML).
//
// The page owning the socket calls `sync()` once the socket is open and
// caught up (so no line is lost between the history and the pushes: the
// lines are merged by id, none doubled), `receive(msg)` for each `chat`
// message, and `setRoom(room)` when the viewer's room of a game changes
// (a spectator who takes a seat).

import { h, replace } from '../dom.js';
import { t, language } from '../i18n.js';
import { api } from '../api.js';
import { currentUser, onUserChange, ensureSession } from '../session.js';
import { errorText } from '../errors.js';
import * as C from '../chat.js';
import { botBadge } from '../pages/common.js';

/** The width under which the page is one column (app.css) and the panel starts collapsed. */
const NARROW = '(max-width: 960px)';

/**
 * One line as an element: time, author (a guest marked), text, and for
 * someone else's line when the viewer may mute, a "Mute NAME" button.
 */
export function chatLineElement(line, { me = null, onMute = null } = {}) {
  const lang = language();
  const mine = me !== null && line.user.id === me;
  return h('li.chat-line', { class: ['chat-line', mine ? 'mine' : ''], dataset: { id: line.id, user: line.user.name } },
    h('time.chat-time', { datetime: new Date(line.at).toISOString(), title: C.dateTimeText(line.at, lang) }, C.timeText(line.at, lang)),
    h('span.chat-who', null,
      h('a.chat-author', { href: `/profile/${encodeURIComponent(line.user.name)}` }, line.user.name),
      line.user.guest ? h('span.badge.chat-guest', null, t('account.guest')) : null, botBadge(line.user)),
    h('span.chat-text', null, line.text),
    onMute && !mine
      ? h('button.chat-mute', {
          type: 'button',
          title: t('chat.mute_user', { name: line.user.name }),
          'aria-label': t('chat.mute_user', { name: line.user.name }),
          onclick: () => onMute(line.user),
        }, t('chat.mute'))
      : null);
}

/**
 * The panel for `where` ('lobby' or a game id), first in `room`.
 * Returns `{ el, room, setRoom(room), sync(), receive(msg), destroy() }`.
 */
export function chatPanel({ where, room }) {
  let model = C.initialChat(room);
  let open = !globalThis.matchMedia?.(NARROW).matches;
  let dead = false;
  let syncs = 0; // the latest history request: only its answer is taken
  let mutesRead = 0; // the latest read of the mutes (or mute made here): only its answer is taken
  let stick = true; // the list follows new lines (the reader is at its bottom)
  let sending = false;
  let mutesOpen = false;
  let elements = new Map(); // line id → its element, reused between draws

  const title = h('span.chat-title', null, t('chat.title'));
  const roomLabel = h('span.chat-room#chat-room');
  const unread = h('span.chat-unread#chat-unread', { hidden: true });
  const toggle = h('button.chat-toggle#chat-toggle', { type: 'button', onclick: () => setOpen(!open) },
    title, roomLabel, unread, h('span.chat-chevron', { 'aria-hidden': 'true' }));
  const note = h('p.chat-note.muted.small#chat-note');
  const mutesToggle = h('button.btn.small.ghost.chat-mutes-toggle#chat-mutes-toggle', {
    type: 'button', onclick: () => { mutesOpen = !mutesOpen; drawMutes(); },
  });
  const mutesList = h('ul.chat-mutes#chat-mutes');
  const tools = h('div.chat-tools', null, note, mutesToggle);
  const list = h('ol.chat-lines#chat-lines', { role: 'log', 'aria-label': t('chat.title'), tabindex: '0' });
  const empty = h('p.chat-empty.muted.small', null, t('chat.empty'));
  const jump = h('button.btn.small.chat-jump#chat-jump', { type: 'button', hidden: true, onclick: () => { stick = true; drawLines(); } }, t('chat.new_lines'));
  const input = h('input.chat-input#chat-input', {
    type: 'text', name: 'chat', autocomplete: 'off', enterkeyhint: 'send', spellcheck: 'true',
    'aria-label': t('chat.input'), 'aria-describedby': 'chat-count',
  });
  const count = h('span.chat-count#chat-count', { 'aria-live': 'off' });
  const send = h('button.btn.small.primary.chat-send#chat-send', { type: 'submit' }, t('chat.send'));
  const error = h('p.chat-error#chat-error', { role: 'alert', hidden: true });
  const form = h('form.chat-form#chat-form', { onsubmit: (e) => { e.preventDefault(); say(); } },
    input, count, send);
  const signin = h('div.chat-signin#chat-signin');
  const body = h('div.chat-body', null, tools, mutesList, h('div.chat-scroll', null, list, empty, jump), form, signin, error);
  const el = h('section.card.chat-card#chat', { 'aria-labelledby': 'chat-toggle' }, toggle, body);

  list.addEventListener('scroll', () => {
    stick = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    if (stick) jump.hidden = true;
  });
  input.addEventListener('input', () => {
    const clipped = C.clip(input.value);
    if (clipped !== input.value) input.value = clipped;
    showError(null);
    drawForm();
  });

  function setOpen(value) {
    open = value;
    if (open) {
      model = C.markRead(model);
      stick = true;
    }
    drawHead();
    drawLines();
  }

  function showError(text) {
    error.hidden = !text;
    replace(error, text || null);
  }

  function drawHead() {
    el.classList.toggle('open', open);
    el.dataset.room = model.room;
    toggle.setAttribute('aria-expanded', String(open));
    replace(roomLabel, t(`chat.room.${model.room}`));
    replace(note, t(`chat.note.${model.room}`));
    unread.hidden = !model.unread;
    replace(unread, model.unread ? String(model.unread) : null);
    unread.setAttribute('aria-label', t('chat.unread', { n: model.unread }));
  }

  function drawMutes() {
    const me = currentUser();
    const muted = me ? model.muted : [];
    mutesToggle.hidden = !muted.length;
    mutesToggle.setAttribute('aria-expanded', String(mutesOpen && muted.length > 0));
    replace(mutesToggle, t('chat.muted', { n: muted.length }));
    mutesList.hidden = !(mutesOpen && muted.length);
    replace(mutesList, muted.map((u) => h('li.chat-muted-user', { dataset: { user: u.name } },
      h('span.chat-muted-name', null, u.name),
      u.guest ? h('span.badge', null, t('account.guest')) : null,
      h('button.btn.small.ghost.chat-unmute', {
        type: 'button', 'aria-label': t('chat.unmute_user', { name: u.name }), onclick: () => doUnmute(u.name),
      }, t('chat.unmute')))));
  }

  function drawLines() {
    const me = currentUser();
    const canMute = Boolean(me);
    const visible = C.visibleLines(model);
    const had = list.childElementCount;
    const keep = new Map();
    const items = visible.map((line) => {
      const item = elements.get(line.id) || chatLineElement(line, { me: me?.id ?? null, onMute: canMute ? doMute : null });
      keep.set(line.id, item);
      return item;
    });
    elements = keep;
    const changed = items.length !== had || items.some((item, i) => list.children[i] !== item);
    if (changed) replace(list, items);
    empty.hidden = visible.length > 0;
    if (!open) return;
    if (stick) {
      list.scrollTop = list.scrollHeight;
      jump.hidden = true;
    } else if (changed && items.length > had) {
      jump.hidden = false;
    }
  }

  function drawForm() {
    const me = currentUser();
    input.disabled = !me;
    input.placeholder = t(me ? 'chat.placeholder' : 'chat.placeholder_signed_out');
    const n = C.charCount(input.value);
    replace(count, `${n}/${C.MAX_CHARS}`);
    count.classList.toggle('near', n > C.MAX_CHARS - 20);
    send.disabled = !me || sending || !C.sendable(input.value);
    signin.hidden = Boolean(me);
    replace(signin, me ? null : [
      h('p.muted.small', null, t('chat.sign_in_hint')),
      h('div.chat-signin-actions', null,
        h('button.btn.small#chat-as-guest', {
          type: 'button',
          onclick: async () => {
            try { await ensureSession(); } catch (err) { showError(errorText(err)); }
          },
        }, t('chat.as_guest')),
        h('a.btn.small.ghost', { href: '/signin' }, t('nav.signin'))),
    ]);
  }

  function draw() {
    drawHead();
    drawMutes();
    drawLines();
    drawForm();
  }

  async function say() {
    const text = input.value;
    if (sending || !currentUser() || !C.sendable(text)) return;
    sending = true;
    drawForm();
    try {
      const line = await api.say(where, text);
      if (dead) return;
      model = C.withLine(model, model.room, line);
      input.value = '';
      stick = true;
      showError(null);
    } catch (err) {
      if (dead) return;
      showError(errorText(err));
    } finally {
      sending = false;
    }
    draw();
  }

  async function loadMutes() {
    const mine = ++mutesRead;
    if (!currentUser()) {
      model = C.withMutes(model, []);
      return;
    }
    try {
      const res = await api.mutes();
      if (!dead && mine === mutesRead) model = C.withMutes(model, res.users);
    } catch {
      // No mutes to show (signed out meanwhile): the server filters anyway.
    }
  }

  async function doMute(user) {
    try {
      await api.mute(user.name);
      if (dead) return;
      mutesRead += 1;
      model = C.mute(model, user);
      showError(null);
    } catch (err) {
      if (!dead) showError(errorText(err));
    }
    if (!dead) draw();
  }

  async function doUnmute(name) {
    try {
      await api.unmute(name);
      if (dead) return;
      mutesRead += 1;
      model = C.unmute(model, name);
      if (!model.muted.length) mutesOpen = false;
      draw();
      // Their lines the server left out of the history while muted.
      sync();
    } catch (err) {
      if (!dead) showError(errorText(err));
    }
  }

  /** Fetch the room's history and merge it in. */
  async function sync() {
    const mine = ++syncs;
    try {
      const history = await api.chat(where);
      if (dead || mine !== syncs) return;
      // The server says which room of a game the viewer reads.
      if (history.room && history.room !== model.room) model = C.moveTo(model, history.room);
      model = C.withHistory(model, history);
      draw();
    } catch (err) {
      if (!dead && mine === syncs) showError(errorText(err));
    }
  }

  const offUser = onUserChange(() => {
    elements = new Map(); // "mine" and the mute buttons depend on who reads
    loadMutes().then(() => { if (!dead) draw(); });
    draw();
  });
  loadMutes().then(() => { if (!dead) draw(); });
  draw();

  return {
    el,
    get room() { return model.room; },
    setRoom(next) {
      if (next === model.room) return false;
      model = C.moveTo(model, next);
      elements = new Map();
      draw();
      return true;
    },
    sync,
    receive(msg) {
      if (!msg || msg.type !== 'chat' || !msg.line) return;
      const before = model;
      model = C.withLine(model, msg.room, msg.line, { seen: open, me: currentUser()?.id ?? null });
      if (model !== before) { drawHead(); drawLines(); }
    },
    destroy() {
      dead = true;
      offUser();
    },
  };
}
