/**
 * The process of a built-in bot that the arena starts: one argument, a `BuiltinBotLaunch` in JSON;
 * without a setup, a warm process that plays the games its launch channel gives it.
 */
import { findGame } from '../../games/registry.js';
import { type BuiltinBotLaunch, playOnStdio } from './own-process.js';
import { playGames } from './warm-launch.js';

const launch = JSON.parse(process.argv[2] ?? '') as BuiltinBotLaunch;
const game = await findGame(launch.game);
if (launch.setup) await playOnStdio(game, launch.name, launch.setup);
else {
  await playGames(game, launch.name);
  // The channel closed: whatever a game left waiting ends with the process.
  process.exit(0);
}
