// The games the client knows, by their server name, and what a game module
// provides. Pages never test a game's name: they ask its module.
//
// A game module (loa.js, pursuit.js, football.js) exports:
// - `id`, `sides` (the side names used in CSS classes);
// - `parse(text, options)`: a position text read into a view (a plain
//   object the module's other functions understand, with `toMove`, the
//   side to move: during a hidden placement game-state.js sets it to the
//   viewer's side, whose tray the board shows);
// - `moveParts(text, view)`: a move's `{ from, to, kind, promo?, anim? }`
//   points, or `{ action }` for a move that is not a from/to pair;
// - `geometry(view, flipped, legal)`: the viewBox and a point per board
//   position, `{ x, y, r, hit?, dot? }` (`hit`: the radius a press
//   reaches, `dot`: an empty target's mark; see board/board.js);
// - `boardKey(view, geo)`, `drawBoard(layer, view, geo)`: the static board
//   (squares, lines, coordinates), redrawn only when its key changes;
// - `pieces(view, geo)`: the keyed pieces and labels over it,
//   `[{ key, sig, piece, make() }]` (board/reconcile.js);
// - `startView()`: the start position, for thumbnails;
// - optionally `material(view)`: the piece count per side.
// and may export these game-page hooks (defaults below):
// - `playerExtra(view, side)`: an element beside a player's name (default:
//   the piece count from `material`, if any);
// - `infoExtra(view, state)`: an element under the game's chips;
// - `statusSuffix(view, state)`: text added to the status line;
// - `moveFlash(view)`: after a live move, `{ sound, title, text }` to
//   show over the board (a goal), or null;
// - `actionPanel(actions, send)`: a panel for some of the non-board moves
//   (`{ panel, rest }`: `rest` are shown as plain buttons);
// - `addPiece(view, key, piece)`: put `{ kind, side }` on position `key`
//   of a view and take it from the side's pieces still to place (draws
//   the viewer's own hidden placements);
// - `moveLabel(text, side)`: a move as the move list writes it (default:
//   its notation);
// - `autoChoice(candidates, view)`: when one from/to pair stands for
//   several moves that end the same, the one to play without asking
//   (default: null, ask);
// - `placementHint(view, legal)`: a note for the placement tray instead
//   of the usual hint, or null.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { getCatalogue } from '../pages/common.js';

/** The hooks a module that does not define them gets. */
function defaultHooks(mod) {
  return {
    playerExtra: (view, side) => (mod.material
      ? h('span.material', { title: t('game.pieces') }, t('game.pieces_count', { n: mod.material(view)[side] }))
      : null),
    infoExtra: () => null,
    statusSuffix: () => '',
    moveFlash: () => null,
    actionPanel: (actions) => ({ panel: null, rest: actions }),
    addPiece: () => {},
    moveLabel: (text) => text,
    autoChoice: () => null,
    placementHint: () => null,
  };
}

const withDefaults = (mod) => Object.freeze({ ...defaultHooks(mod), ...mod });

// The games come from the server's catalogue (GET /api/catalogue, in its
// order): each names its module, web/js/games/<module>.js, imported by
// loadGames() before the first page is drawn. No game is listed here.

/** The module of each game, by game name (filled by `loadGames`). */
export const GAMES = {};
/** The game names, in catalogue order (filled by `loadGames`). */
export const GAME_IDS = [];

let loading = null;

/** Import the module of every game of the catalogue (once). */
export function loadGames() {
  loading ??= getCatalogue().then(async ({ games }) => {
    const mods = await Promise.all(games.map((g) => import(`./${g.module}.js`)));
    games.forEach((g, i) => {
      GAMES[g.name] = withDefaults(mods[i]);
      GAME_IDS.push(g.name);
    });
  });
  return loading;
}

/** The client module for a game name (with the default hooks filled in). */
export function gameModule(name) {
  const mod = GAMES[name];
  if (!mod) throw new Error(`unknown game ${name}`);
  return mod;
}
