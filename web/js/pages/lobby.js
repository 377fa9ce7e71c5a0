// Home / lobby: create a game (game, options from the server's option
// specs, time control, opponent), open seeks updating live, live games,
// the lobby's chat.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api, LiveSocket } from '../api.js';
import { ensureSession, currentUser } from '../session.js';
import { getCatalogue, gameTitle, optionLabel, optionHelp, optionValueLabel, levelName, sideName, gameRow, errorBox } from './common.js';
import { GAME_IDS } from '../games/index.js';
import { miniBoard } from './diagrams.js';
import { chatPanel } from '../panels/chat.js';
import { OPPONENTS, opponentSpec, playerField, submitKey } from './challenge.js';
import { DAYS_PER_MOVE } from '../deadline.js';

export const name = 'lobby';

/** Prefills the create-game form: a game, its options and a start position
 * (the replay page's "play from this position"). */
export function prefillCreate({ game, options, position }) {
  form.game = game;
  form.options = { ...options };
  form.position = position;
}

/** Prefills the create-game form to challenge the player `name` (a profile's "Challenge"). */
export function prefillChallenge(name) {
  form.opponent = 'player';
  form.player = name;
}

const CLOCKS = [
  { id: 'untimed', clock: { type: 'untimed' } },
  { id: '3+2', clock: { type: 'realtime', initial_ms: 180000, increment_ms: 2000 } },
  { id: '5+3', clock: { type: 'realtime', initial_ms: 300000, increment_ms: 3000 } },
  { id: '10+5', clock: { type: 'realtime', initial_ms: 600000, increment_ms: 5000 } },
  { id: '15+10', clock: { type: 'realtime', initial_ms: 900000, increment_ms: 10000 } },
  { id: '30+20', clock: { type: 'realtime', initial_ms: 1800000, increment_ms: 20000 } },
  // Correspondence by days per move: the days are picked beside it.
  { id: 'days', clock: null },
];

/** The clock control the form asks for. */
function formClock() {
  if (form.clock === 'days') return { type: 'correspondence', days_per_move: form.days };
  return CLOCKS.find((c) => c.id === form.clock).clock;
}

const form = { game: 'loa', options: {}, position: '', clock: '5+3', days: 3, opponent: 'computer', level: 'easy', side: 'random', rated: false };

/** The quick start's time controls (ids of CLOCKS), and the clock of its games against the computer. */
export const QUICK_CLOCKS = ['3+2', '5+3', '10+5', '15+10'];
export const QUICK_COMPUTER_CLOCK = '10+5';

/** A real-time clock's speed, as the server derives it (docs/api.md): initial + 40 × increment. */
export function clockSpeed(clock) {
  if (!clock || clock.type !== 'realtime') return 'correspondence';
  const minutes = (clock.initial_ms + 40 * clock.increment_ms) / 60000;
  if (minutes < 3) return 'bullet';
  if (minutes < 8) return 'blitz';
  if (minutes < 25) return 'rapid';
  return 'classical';
}

/**
 * An open seek a quick start tile may join instead of opening its own:
 * someone else's (not `me`), of `game` with `clock` and the game's
 * default options (`defaults`), rated as asked. The oldest first (the
 * lobby lists the newest first).
 */
export function matchingSeek(seeks, { game, clock, rated, defaults, me }) {
  const sameClock = (c) => c && c.type === clock.type && c.initial_ms === clock.initial_ms && c.increment_ms === clock.increment_ms;
  const plain = (options) => Object.entries(defaults || {}).every(([k, v]) => (options || {})[k] === undefined || options[k] === v);
  return [...(seeks || [])].reverse().find((g) => g.status === 'waiting' && g.game === game && sameClock(g.clock)
    && Boolean(g.rated) === Boolean(rated) && plain(g.options)
    && !g.players.some((p) => p && p.user && me && p.user.id === me.id)) || null;
}

export function render(main, _params, { navigate }) {
  const createCard = h('section.card.create-card', { 'aria-labelledby': 'create-title' });
  // The quick start (lichess-style): one click on a game × time control
  // opens a seek (or joins a matching one), or starts a game against the
  // computer; the form below has every option.
  const quickCard = h('section.card.quick-start#quick-start', { 'aria-labelledby': 'quick-title' });
  let seeksNow = [];
  const seeksList = h('ul.game-list#seeks', { 'aria-live': 'polite' });
  const liveList = h('ul.game-list#live-games');
  const chat = chatPanel({ where: 'lobby', room: 'lobby' });
  replace(main,
    h('section.hero.lobby-hero', null,
      h('div.hero-text', null, h('h1', null, t('lobby.title')), h('p.lead', null, t('lobby.lead')),
        h('p.lobby-learn', null, h('a#lobby-learn', { href: '/learn' }, t('learn.from_lobby')))),
    ),
    quickCard,
    h('div.lobby-grid', null,
      createCard,
      h('div.lobby-side', null,
        h('section.card', null, h('h2', null, t('lobby.seeks')), seeksList),
        h('section.card', null, h('h2', null, t('lobby.live')), liveList),
        chat.el,
      ),
    ),
  );

  let catalogue = null;
  let quickBusy = false;
  const quickStatus = h('div.quick-status');
  const quickGo = async (game, kind, clockId) => {
    if (quickBusy) return;
    quickBusy = true;
    for (const b of quickCard.querySelectorAll('button.quick-tile')) b.disabled = true;
    replace(quickStatus);
    try {
      const me = await ensureSession();
      const clock = CLOCKS.find((c) => c.id === clockId).clock;
      if (kind === 'computer') {
        const res = await api.create({ game, options: {}, clock, rated: false, side: 'random', opponent: { type: 'computer', level: form.level } });
        navigate(res.url || `/game/${res.game.id}`);
        return;
      }
      // A matching seek of someone else's is joined (a pairing), else ours is opened.
      const rated = !me.guest;
      const spec = catalogue?.games.find((g) => g.name === game);
      const defaults = Object.fromEntries((spec?.options || []).map((o) => [o.key, o.default]));
      const seek = matchingSeek(seeksNow, { game, clock, rated, defaults, me });
      if (seek) {
        try {
          await api.join(seek.id);
          navigate(`/game/${seek.id}`);
          return;
        } catch { /* taken meanwhile: open our own */ }
      }
      const res = await api.create({ game, options: {}, clock, rated, side: 'random', opponent: { type: 'seek' } });
      navigate(res.url || `/game/${res.game.id}`);
    } catch (err) {
      replace(quickStatus, errorBox(err));
      quickBusy = false;
      for (const b of quickCard.querySelectorAll('button.quick-tile')) b.disabled = false;
    }
  };
  const drawQuick = () => {
    if (!catalogue) {
      replace(quickCard, h('h2#quick-title', null, t('lobby.quick')), h('p.muted', null, t('common.loading')));
      return;
    }
    const cells = catalogue.games.flatMap((g) => {
      const title = gameTitle(g.name);
      return [
        h('div.quick-game', { dataset: { game: g.name } }, h('span', { class: `game-icon icon-${g.name}`, 'aria-hidden': 'true' }), h('span.quick-game-name', null, title)),
        ...QUICK_CLOCKS.map((id) => {
          const speed = t(`speed.${clockSpeed(CLOCKS.find((c) => c.id === id).clock)}`);
          return h('button.quick-tile', {
            type: 'button', disabled: quickBusy, dataset: { game: g.name, clock: id, quick: 'seek' },
            'aria-label': t('lobby.quick.tile', { game: title, clock: id, speed }),
            onclick: () => quickGo(g.name, 'seek', id),
          }, h('span.quick-clock', null, id), h('span.quick-speed', null, speed));
        }),
        h('button.quick-tile.computer', {
          type: 'button', disabled: quickBusy, dataset: { game: g.name, clock: QUICK_COMPUTER_CLOCK, quick: 'computer' },
          'aria-label': t('lobby.quick.computer_tile', { game: title, level: levelName(form.level), clock: QUICK_COMPUTER_CLOCK }),
          onclick: () => quickGo(g.name, 'computer', QUICK_COMPUTER_CLOCK),
        }, h('span.quick-clock', null, t('lobby.quick.computer')), h('span.quick-speed', null, `${levelName(form.level)} · ${QUICK_COMPUTER_CLOCK}`)),
      ];
    });
    replace(quickCard,
      h('div.quick-head', null,
        h('h2#quick-title', null, t('lobby.quick')),
        h('a.quick-custom', { href: '#create-title', onclick: (e) => { e.preventDefault(); e.stopPropagation(); createCard.scrollIntoView({ behavior: 'smooth', block: 'start' }); createCard.querySelector('button, select, input')?.focus({ preventScroll: true }); } }, t('lobby.quick.custom'))),
      h('div.quick-grid', null, cells),
      quickStatus);
  };
  const drawForm = () => {
    drawQuick();
    if (!catalogue) {
      replace(createCard, h('h2#create-title', null, t('lobby.create')), h('p.muted', null, t('common.loading')));
      return;
    }
    const game = catalogue.games.find((g) => g.name === form.game) || catalogue.games[0];
    form.game = game.name;
    const gameTabs = h('div.game-picker', { role: 'radiogroup', 'aria-label': t('lobby.game') },
      catalogue.games.map((g) => h('button.game-choice', {
        type: 'button', role: 'radio', 'aria-checked': String(g.name === form.game), dataset: { game: g.name },
        class: ['game-choice', g.name === form.game ? 'active' : ''],
        onclick: () => { form.game = g.name; form.options = {}; form.position = ''; drawForm(); },
      }, miniBoard(g.name), h('span.game-choice-name', null, gameTitle(g.name)))));

    const options = h('div.options', null, game.options.filter((o) => o.kind.type !== 'text').map((spec) => optionField(game.name, spec)));
    const textOptions = game.options.filter((o) => o.kind.type === 'text');
    // Text options (a custom board) and a start position (a custom set-up).
    const advanced = h('details.advanced', { open: Boolean(form.position) || textOptions.some((o) => form.options[o.key] !== undefined && form.options[o.key] !== o.default) },
      h('summary', null, t('lobby.advanced')),
      textOptions.map((spec) => h('label.option.wide', null,
        h('span.option-label', null, optionLabel(game.name, spec)),
        h('span.muted.small.option-help', null, optionHelp(game.name, spec)),
        h('textarea', { name: spec.key, id: `opt-${spec.key}`, rows: 4, onchange: (e) => { form.options[spec.key] = e.target.value.trim() || spec.default; } }, form.options[spec.key] ?? spec.default))),
      h('label.option.wide', null,
        h('span.option-label', null, t('lobby.position')),
        h('span.muted.small', null, t('lobby.position_help')),
        h('textarea#start-position', { name: 'position', rows: 2, spellcheck: 'false', onchange: (e) => { form.position = e.target.value.trim(); } }, form.position || '')));
    const clockSel = h('div.segmented#clock-choice', { role: 'radiogroup', 'aria-label': t('lobby.clock') },
      CLOCKS.map((c) => h('button', {
        type: 'button', role: 'radio', 'aria-checked': String(form.clock === c.id), class: form.clock === c.id ? 'active' : '',
        dataset: { clock: c.id },
        onclick: () => { form.clock = c.id; drawForm(); },
      }, c.id === 'untimed' ? t('clock.untimed') : c.id === 'days' ? t('lobby.days_per_move') : c.id)));
    const daysSel = form.clock === 'days'
      ? field(t('lobby.days'), h('select#days-per-move', { onchange: (e) => { form.days = Number(e.target.value); } },
          DAYS_PER_MOVE.map((n) => h('option', { value: n, selected: n === form.days }, t('time.days', { n })))))
      : null;

    const oppSel = h('div.segmented#opponent-choice', { role: 'radiogroup', 'aria-label': t('lobby.opponent') },
      OPPONENTS.map((o) => h('button', {
        type: 'button', role: 'radio', 'aria-checked': String(form.opponent === o), class: form.opponent === o ? 'active' : '', dataset: { opponent: o },
        onclick: () => { form.opponent = o; drawForm(); },
      }, t(`lobby.opponent.${o}`))));

    const level = form.opponent === 'computer'
      ? field(t('lobby.level'), h('select#level', { onchange: (e) => { form.level = e.target.value; drawQuick(); } },
          catalogue.levels.map((l) => h('option', { value: l, selected: l === form.level }, levelName(l)))))
      : null;
    const side = field(t('lobby.side'), h('select#side', { onchange: (e) => { form.side = e.target.value; } },
      ['random', 'first', 'second'].map((sd) => h('option', { value: sd, selected: sd === form.side },
        sd === 'random' ? t('lobby.side.random') : sideName(game.name, sd === 'first' ? 0 : 1)))));
    const user = currentUser();
    const rated = form.opponent !== 'computer' && user && !user.guest
      ? h('label.check', null, h('input#rated', { type: 'checkbox', checked: form.rated, onchange: (e) => { form.rated = e.target.checked; } }), t('lobby.rated'))
      : null;
    const status = h('div.form-status');
    const submit = h('button.btn.primary.big#create-game', { type: 'submit' }, t(submitKey(form.opponent)));

    const el = h('form.create-form', {
      onsubmit: async (e) => {
        e.preventDefault();
        submit.disabled = true;
        try {
          await ensureSession();
          const spec = {
            game: form.game,
            options: form.options,
            clock: formClock(),
            rated: Boolean(rated && form.rated),
            side: form.side,
            opponent: opponentSpec(form),
          };
          if (form.position) {
            spec.position = form.position;
            spec.rated = false;
          }
          const res = await api.create(spec);
          navigate(res.url || `/game/${res.game.id}`);
        } catch (err) {
          replace(status, errorBox(err));
          submit.disabled = false;
        }
      },
    },
      h('h2#create-title', null, t('lobby.create')),
      field(t('lobby.game'), gameTabs),
      options.childNodes.length ? h('fieldset.options-set', null, h('legend', null, t('lobby.options')), options, advanced) : null,
      field(t('lobby.clock'), clockSel),
      daysSel,
      field(t('lobby.opponent'), oppSel),
      form.opponent === 'player' ? playerField(form) : null,
      h('div.row', null, level, side),
      rated,
      user ? null : h('p.muted.small', null, t('lobby.guest_note')),
      submit,
      status,
    );
    replace(createCard, el);
  };

  const optionField = (game, spec) => {
    const value = form.options[spec.key] ?? spec.default;
    const set = (v) => { form.options[spec.key] = String(v); };
    let input;
    if (spec.kind.type === 'choice') {
      input = h('select', { name: spec.key, id: `opt-${spec.key}`, onchange: (e) => set(e.target.value) },
        spec.kind.choices.map((c) => h('option', { value: c, selected: c === value }, optionValueLabel(game, spec.key, c))));
    } else if (spec.kind.type === 'integer' && spec.kind.max - spec.kind.min <= 10) {
      const values = [];
      for (let v = spec.kind.min; v <= spec.kind.max; v++) values.push(String(v));
      input = h('select', { name: spec.key, id: `opt-${spec.key}`, onchange: (e) => set(e.target.value) },
        values.map((v) => h('option', { value: v, selected: v === value }, v)));
    } else if (spec.kind.type === 'integer') {
      input = h('input', { type: 'number', name: spec.key, id: `opt-${spec.key}`, min: spec.kind.min, max: spec.kind.max, value, onchange: (e) => set(e.target.value) });
    } else if (spec.kind.type === 'flag') {
      input = h('input', { type: 'checkbox', name: spec.key, id: `opt-${spec.key}`, checked: value === 'on', onchange: (e) => set(e.target.checked ? 'on' : 'off') });
    } else {
      input = h('input', { type: 'text', name: spec.key, id: `opt-${spec.key}`, value, onchange: (e) => set(e.target.value) });
    }
    const help = optionHelp(game, spec);
    return h('label.option', { title: help, dataset: { option: spec.key } }, h('span.option-label', null, optionLabel(game, spec)), input);
  };

  drawForm();
  getCatalogue().then((c) => { catalogue = c; if (!GAME_IDS.includes(form.game)) form.game = c.games[0]?.name; drawForm(); })
    .catch((err) => replace(createCard, errorBox(err)));

  const drawSeeks = (seeks) => {
    seeksNow = seeks;
    const me = currentUser();
    if (!seeks.length) {
      replace(seeksList, h('li.empty-row', null, t('lobby.no_seeks')));
      return;
    }
    replace(seeksList, seeks.map((g) => {
      const mine = me && g.players.some((p) => p && p.user && p.user.id === me.id);
      const action = mine
        ? h('button.btn.small.ghost', { onclick: async () => { await api.cancel(g.id).catch(() => {}); } }, t('lobby.cancel'))
        : h('button.btn.small.primary.join', {
            onclick: async () => {
              try {
                await ensureSession();
                await api.join(g.id);
                navigate(`/game/${g.id}`);
              } catch (err) { seeksList.prepend(h('li', null, errorBox(err))); }
            },
          }, t('lobby.join'));
      return gameRow(g, [mine ? h('a.btn.small.ghost', { href: `/game/${g.id}` }, t('lobby.open')) : null, action]);
    }));
  };
  const drawLive = (games) => {
    replace(liveList, games.length
      ? games.map((g) => gameRow(g, h('a.btn.small.ghost', { href: `/game/${g.id}` }, t('lobby.watch'))))
      : h('li.empty-row', null, t('lobby.no_live')));
  };
  replace(seeksList, h('li.empty-row', null, t('common.loading')));
  replace(liveList, h('li.empty-row', null, t('common.loading')));
  // The lobby socket sends the open seeks and the live games at once and
  // again at every change, and the chat's new lines. Its first message
  // after each (re)connection comes once it carries them: then the chat
  // reads the history (merged by id with what the socket sends).
  let chatStale = true;
  const socket = new LiveSocket('/api/lobby/ws', {
    onStatus: (s) => { if (s === 'open') chatStale = true; },
    onMessage: (msg) => {
      if (msg.type === 'chat') {
        chat.receive(msg);
        return;
      }
      if (msg.type !== 'lobby') return;
      if (chatStale) {
        chatStale = false;
        chat.sync();
      }
      drawSeeks(msg.seeks);
      drawLive(msg.live);
    },
  });
  return () => {
    socket.close();
    chat.destroy();
  };
}

function field(label, control) {
  return h('div.field', null, h('span.field-label', null, label), control);
}
