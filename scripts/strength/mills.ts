/**
 * `npm run strength -- mills`: Mills's strong bot against random, greedy, and itself at half
 * its depth, in paired games from random openings (see morris-board.ts). Depth-limited bots
 * (`time=0`) make the same games on any machine; the last match, timed, depends on the machine.
 * `node dist/scripts/strength/mills.js BOT OPPONENT` plays one match instead.
 */
import { game } from '../../src/games/mills/index.js';
import { MillsPosition } from '../../src/games/mills/position.js';
import { strengthMain } from './morris-board.js';

await strengthMain(
  {
    game,
    takes: (state, move) => game.rules.play(state, move).removed.length > 0,
    position: (state) => MillsPosition.fromState(state),
  },
  [
    { bot: 'builtin:strong(depth=6,time=0)', opponent: 'builtin:random', pairs: 50 },
    { bot: 'builtin:strong(depth=6,time=0)', opponent: 'builtin:greedy', pairs: 50 },
    { bot: 'builtin:strong(depth=6,time=0)', opponent: 'builtin:strong(depth=3,time=0)', pairs: 100 },
    // Timed: the bot as it plays by default (15 ms a move: depth 5 to 7 here), against half that depth.
    { bot: 'builtin:strong', opponent: 'builtin:strong(depth=3,time=0)', pairs: 50 },
  ],
  process.argv.slice(2),
);
