// Challenging a player by name (docs/api.md, `POST /api/games`, opponent
// `{"type": "challenge", "user": NAME}`): the create-game form's "A
// player" opponent with the name's field, and what the form sends. A
// profile's "Challenge" opens the form with the name filled in
// (lobby.js `prefillChallenge`). Under the field, names to pick: the
// player's recent opponents (their games, live and finished) and the
// server's names starting with what is typed (`GET /api/users?prefix=`;
// an error, or a server without it, simply suggests none).

import { h, replace } from '../dom.js';
import { t, language } from '../i18n.js';
import { api } from '../api.js';
import { currentUser } from '../session.js';
import { gameTitle, clockText } from './common.js';

/** The create-game form's opponents, in order. */
export const OPPONENTS = ['computer', 'seek', 'challenge', 'player'];

/** The name to challenge, as typed: trimmed (a leading @ dropped). */
export function playerName(text) {
  return String(text ?? '').trim().replace(/^@/, '');
}

/** The request's `opponent` for the form's choice (`form.opponent`, `form.level`, `form.player`). */
export function opponentSpec(form) {
  switch (form.opponent) {
    case 'computer': return { type: 'computer', level: form.level };
    case 'player': return { type: 'challenge', user: playerName(form.player) };
    default: return { type: form.opponent };
  }
}

/** The catalogue key of the form's submit button. */
export function submitKey(opponent) {
  if (opponent === 'computer') return 'lobby.play_computer';
  if (opponent === 'player') return 'lobby.send_challenge';
  return 'lobby.create_seek';
}

/** A challenge's terms in a line: "Lines of Action, 5+3, rated" (a game state or summary). */
export function challengeTerms(game) {
  const lower = (text) => text.toLocaleLowerCase(language());
  return [gameTitle(game.game), lower(clockText(game.clock)), lower(t(game.rated ? 'lobby.rated' : 'lobby.casual'))].join(', ');
}

/** The most names suggested at once. */
export const MAX_SUGGESTIONS = 8;

/**
 * The opponents of `meId` in `games` (summaries, newest first), newest
 * first, each once: people with an account (no guests, no bots).
 */
export function recentOpponents(games, meId) {
  const names = [];
  for (const g of games || []) {
    if (!g?.players?.some((p) => p?.user?.id === meId)) continue;
    for (const p of g.players) {
      const u = p?.user;
      if (!u || u.id === meId || u.guest || u.bot) continue;
      if (!names.some((n) => n.toLowerCase() === u.name.toLowerCase())) names.push(u.name);
    }
  }
  return names;
}

/**
 * The names to suggest for `typed`: the recent opponents starting with it
 * (all of them while nothing is typed), then the server's (`found`),
 * each once (without case), never the viewer (`self`) nor exactly what is
 * typed, at most MAX_SUGGESTIONS.
 */
export function suggestionNames(typed, recent, found, self) {
  const prefix = playerName(typed).toLowerCase();
  const out = [];
  const seen = new Set([String(self || '').toLowerCase()]);
  for (const name of [...(recent || []), ...(prefix ? found || [] : [])]) {
    const key = String(name).toLowerCase();
    if (!name || seen.has(key) || !key.startsWith(prefix) || key === prefix) continue;
    seen.add(key);
    out.push(name);
    if (out.length >= MAX_SUGGESTIONS) break;
  }
  return out;
}

// The viewer's recent opponents, read once per user (and again after a minute).
let recentCache = { user: null, at: 0, names: null };

async function loadRecent() {
  const me = currentUser();
  if (!me) return [];
  if (recentCache.user === me.id && recentCache.names && Date.now() - recentCache.at < 60000) return recentCache.names;
  const [live, done] = await Promise.all([
    api.games({ status: 'live', player: me.name, limit: 50 }).catch(() => ({ games: [] })),
    api.userGames(me.name).catch(() => ({ games: [] })),
  ]);
  const names = recentOpponents([...(live.games || []), ...(done.games || [])], me.id);
  recentCache = { user: me.id, at: Date.now(), names };
  return names;
}

/** The name's field, for the "A player" opponent (required; kept in `form.player`), with its suggestions. */
export function playerField(form) {
  const list = h('ul.name-suggestions#challenge-suggestions', { role: 'listbox', 'aria-label': t('lobby.player_suggestions'), hidden: true });
  let recent = [];
  let found = [];
  let asked = 0; // the latest server request (an older answer is not taken)
  let timer = null;
  let active = -1; // the suggestion picked by the arrow keys
  let shown = [];

  const hide = () => {
    list.hidden = true;
    active = -1;
    input.removeAttribute('aria-activedescendant');
    input.setAttribute('aria-expanded', 'false');
  };
  const pick = (name) => {
    input.value = name;
    form.player = name;
    hide();
  };
  const draw = () => {
    shown = suggestionNames(input.value, recent, found, currentUser()?.name);
    if (!shown.length) {
      hide();
      replace(list);
      return;
    }
    active = Math.min(active, shown.length - 1);
    replace(list, shown.map((name, i) => h('li', { role: 'option', id: `challenge-suggestion-${i}`, 'aria-selected': String(i === active) },
      h('button.name-suggestion', {
        type: 'button',
        tabindex: '-1',
        class: ['name-suggestion', i === active ? 'active' : ''],
        dataset: { name },
        // The field keeps the focus (a phone's keyboard stays) until the click.
        onmousedown: (e) => e.preventDefault(),
        onclick: () => pick(name),
      }, name))));
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    if (active >= 0) input.setAttribute('aria-activedescendant', `challenge-suggestion-${active}`);
    else input.removeAttribute('aria-activedescendant');
  };
  const ask = () => {
    clearTimeout(timer);
    const prefix = playerName(input.value);
    if (!prefix) {
      found = [];
      draw();
      return;
    }
    timer = setTimeout(async () => {
      const mine = ++asked;
      let names = [];
      try {
        const res = await api.users(prefix);
        names = (res?.users || []).map((u) => u?.name).filter((n) => typeof n === 'string');
      } catch {
        names = []; // no such endpoint, offline: no suggestions from the server
      }
      if (mine !== asked) return;
      found = names;
      draw();
    }, 200);
  };

  const input = h('input#challenge-user', {
    type: 'text', name: 'player', required: true, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false',
    maxlength: 40, placeholder: t('lobby.player_placeholder'), value: form.player || '',
    role: 'combobox', 'aria-autocomplete': 'list', 'aria-controls': 'challenge-suggestions', 'aria-expanded': 'false',
    oninput: (e) => { form.player = e.target.value; active = -1; draw(); ask(); },
    onkeydown: (e) => {
      if (list.hidden || !shown.length) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const n = shown.length;
        active = e.key === 'ArrowDown' ? (active + 1) % n : (active <= 0 ? n - 1 : active - 1);
        draw();
      } else if (e.key === 'Enter' && active >= 0) {
        e.preventDefault();
        pick(shown[active]);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        hide();
      }
    },
  });

  // The recent opponents come first, as soon as the field shows.
  loadRecent().then((names) => { recent = names; draw(); }, () => {});
  if (playerName(input.value)) ask();
  return h('div.field.player-field', null,
    h('label.field-label', { for: 'challenge-user' }, t('lobby.player_name')),
    input,
    list,
    h('span.muted.small', null, t('lobby.player_help')));
}
