/**
 * `npm run strength -- mills`: Mills's strong bot against random, greedy, itself at half its depth
 * and itself with a tenth of its time (see boards/morris.ts), then the check of its solved endgames
 * over those games.
 */
import { game } from '../../src/games/mills/index.js';
import { MillsPosition } from '../../src/games/mills/position.js';
import { morrisBoardGauntlet } from './boards/morris.js';

export const main = (args: readonly string[]): Promise<void> =>
  morrisBoardGauntlet({ game, position: (state) => MillsPosition.fromState(state) }, args);
