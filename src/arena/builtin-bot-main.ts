/** The process of a built-in bot that the arena starts: one argument, a `BuiltinBotLaunch` in JSON. */
import { findGame } from '../games/registry.js';
import { type BuiltinBotLaunch, playOnStdio } from './builtin-bot.js';

const launch = JSON.parse(process.argv[2] ?? '') as BuiltinBotLaunch;
await playOnStdio(await findGame(launch.game), launch.name, launch.setup);
