// Pieces of UI shared by several pages: game names, players, results,
// option labels, clocks text and the catalogue cache.

import { h } from '../dom.js';
import { t, has } from '../i18n.js';
import { api } from '../api.js';
import { errorText } from '../errors.js';
import { isDaysPerMove, daysPerMoveText } from '../deadline.js';
import { resultText, finalScore } from '../results.js';

let catalogue = null;

/** The server's catalogue (games, options, levels, speeds), fetched once. */
export async function getCatalogue() {
  if (!catalogue) catalogue = await api.catalogue();
  return catalogue;
}

/** A game's display name. */
export function gameTitle(name) {
  return has(`game.${name}`) ? t(`game.${name}`) : name;
}

/** A side's display name (`Black`, `South`...). */
export function sideName(game, side) {
  const key = `side.${game}.${side}`;
  return has(key) ? t(key) : String(side);
}

/** The name of a seat (person, computer or empty). */
export function seatName(seat) {
  if (!seat) return t('seat.empty');
  if (seat.computer) return t('seat.computer', { level: levelName(seat.computer) });
  return seat.user.name;
}

/** The BOT badge of a user that is a bot account (`"bot": true`), else null. */
export function botBadge(user) {
  return user && user.bot ? h('span.badge.bot', { title: t('bot.title') }, t('bot.badge')) : null;
}

/** A seat's name with its BOT badge, for lists. */
function seatLabel(seat) {
  return [seatName(seat), botBadge(seat && seat.user)];
}

export function levelName(level) {
  return has(`level.${level}`) ? t(`level.${level}`) : level;
}

/** The label of an option, and of one of its values. */
export function optionLabel(game, spec) {
  const key = `option.${game}.${spec.key}`;
  return has(key) ? t(key) : spec.key;
}

/** An option's help: the catalogue's `option.<game>.<key>.help`, else the server's English text. */
export function optionHelp(game, spec) {
  const key = `option.${game}.${spec.key}.help`;
  return has(key) ? t(key) : spec.help || '';
}

export function optionValueLabel(game, key, value) {
  const k = `option.${game}.${key}.${value}`;
  return has(k) ? t(k) : value;
}

/** `5+3` (minutes + seconds; `30s+0` under a minute), or `∞` for untimed games. */
export function clockText(clock) {
  if (isDaysPerMove(clock)) return daysPerMoveText(clock);
  if (!clock || clock.type !== 'realtime') return t('clock.untimed');
  const min = clock.initial_ms / 60000;
  let initial = Number.isInteger(min) ? String(min) : min.toFixed(1);
  // The API accepts clocks from 1 s: under a minute, show seconds.
  if (clock.initial_ms < 60000) initial = `${Math.round(clock.initial_ms / 1000)}s`;
  return `${initial}+${Number((clock.increment_ms / 1000).toFixed(1))}`;
}

/** m:ss (or h:mm:ss), tenths under 10 s. */
export function formatMs(ms) {
  const v = Math.max(0, ms);
  if (v < 10000) return `0:0${(v / 1000).toFixed(1)}`;
  const total = Math.floor(v / 1000);
  const hh = Math.floor(total / 3600);
  const mm = Math.floor((total % 3600) / 60);
  const ss = String(total % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** A short sentence for a result: who won (in words, with a score where the game keeps one) and why. */
export { resultText } from '../results.js';

/** The options that differ from the defaults, as `key=value` text. */
export function optionsText(game, options) {
  const spec = catalogue?.games?.find((g) => g.name === game);
  if (!spec) return '';
  const parts = [];
  for (const [k, v] of Object.entries(options || {})) {
    const s = spec?.options?.find((o) => o.key === k);
    if (s && s.default === v) continue;
    if (s && s.kind?.type === 'text') continue;
    parts.push(`${s ? optionLabel(game, s) : k}: ${optionValueLabel(game, k, v)}`);
  }
  return parts.join(', ');
}

/** A small row describing a game, for lists. */
export function gameRow(g, actions) {
  return h('li.game-row', { dataset: { id: g.id, game: g.game } },
    h('span.game-icon', { class: `game-icon icon-${g.game}` }),
    h('div.game-row-main', null,
      h('div.game-row-title', null, gameTitle(g.game), h('span.muted', null, ` · ${clockText(g.clock)}`), g.rated ? h('span.badge', null, t('lobby.rated')) : null),
      h('div.game-row-sub', null, ...seatLabel(g.players[0]), ' – ', ...seatLabel(g.players[1]), optionsText(g.game, g.options) ? h('span.muted', null, ` · ${optionsText(g.game, g.options)}`) : null),
      // A finished game's result in words (its score, when the summary carries one).
      g.result ? h('div.game-row-result', null, resultText(g.game, g.result, finalScore(null, g.result))) : null,
    ),
    h('div.game-row-actions', null, actions),
  );
}

/** Show an error message in a page area (a known server message translated: errors.js). */
export function errorBox(err) {
  return h('div.alert', { role: 'alert' }, errorText(err));
}
