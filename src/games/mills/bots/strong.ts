/**
 * The strong bot: the morris engine's search (src/boards/morris-engine/) on Mills' rules, with
 * weights for Mills: a mill takes only when its pieces are new to its line, so reopening a standing
 * mill earns nothing, at the turn limit the pieces on the board decide, and a side shut in loses,
 * so that mobility weighs from the placing phase on (tuned by self-play: src/boards/morris-engine/README.md, "The evaluation").
 */

import type { Weights } from '../../../boards/morris-engine/evaluation.js';
import {
  type Engine,
  engineFor,
  Player,
  STRONG_PARAMS,
  strongSettings,
} from '../../../boards/morris-engine/players.js';
import { EngineReuse } from '../../../core/engine-reuse.js';
import type { BuiltinBot } from '../../../core/game.js';
import { MillsPosition } from '../position.js';
import { STOCK } from '../rules.js';
import { playMills } from './play.js';

export const MILLS_WEIGHTS: Weights = {
  stone: 100,
  open: 8,
  mill: 10,
  openMill: 0,
  threat: 15,
  tempo: 60,
  double: 30,
  blocked: -15,
  mobility: 10,
  flying: 0,
  placingBlocked: -30,
  placingMobility: 26,
  liberty: 5,
  cramped: -100,
  runningMill: 0,
  walled: -40,
};

/** This process's engine, kept from game to game (core/engine-reuse.ts). */
const reuse = new EngineReuse<Engine>();

export const strong: BuiltinBot = {
  description: "searches with iterative deepening alpha-beta and a transposition table, on Mills' rules",
  params: STRONG_PARAMS,
  create: (setup) => {
    const settings = strongSettings(setup.params);
    return (io) =>
      reuse.play(engineFor(settings, MILLS_WEIGHTS), (engine) => {
        const player = new Player(setup, settings, engine);
        player.ready(MillsPosition.of([], [STOCK, STOCK], 0));
        return playMills(io, (p, startedAt) => player.think(p, startedAt).move);
      });
  },
};
