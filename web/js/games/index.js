// The games the client knows, by their server name.

import * as loa from './loa.js';
import * as pursuit from './pursuit.js';
import * as football from './football.js';

export const GAMES = { loa, pursuit, football };
export const GAME_IDS = ['loa', 'pursuit', 'football'];

/** The client module for a game name. */
export function gameModule(name) {
  const mod = GAMES[name];
  if (!mod) throw new Error(`unknown game ${name}`);
  return mod;
}
