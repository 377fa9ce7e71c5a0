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

export function render(main, _params, { navigate }) {
  const createCard = h('section.card.create-card', { 'aria-labelledby': 'create-title' });
  const seeksList = h('ul.game-list#seeks', { 'aria-live': 'polite' });
  const liveList = h('ul.game-list#live-games');
  const chat = chatPanel({ where: 'lobby', room: 'lobby' });
  replace(main,
    h('section.hero', null,
      h('div.hero-text', null, h('h1', null, t('lobby.title')), h('p.lead', null, t('lobby.lead'))),
    ),
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
  const drawForm = () => {
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
      ? field(t('lobby.level'), h('select#level', { onchange: (e) => { form.level = e.target.value; } },
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
