/**
 * `npm run strength -- morris`: Nine Men's Morris's strong bot against random, greedy, and itself
 * at half its depth (see boards/morris.ts), then the check of its solved endgames over those games.
 */
import { game } from '../../src/games/morris/index.js';
import { MorrisPosition } from '../../src/games/morris/position.js';
import { morrisBoardLadder } from './boards/morris.js';

export const main = (args: readonly string[]): Promise<void> =>
  morrisBoardLadder({ game, position: (state) => MorrisPosition.of(state.stones, state.placed, state.ply) }, args);
