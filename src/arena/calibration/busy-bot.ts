/**
 * A bot that computes for as long as it is told: each input line is a number of milliseconds, and
 * it answers `done` after keeping `threads` cores busy that long, counted from when it read the
 * line. `tabula calibrate` and the fairness benchmark play it: bots that compute load the machine
 * as real ones do, where an echo bot would not.
 */
import { fileURLToPath } from 'node:url';
import { shellQuote } from '../process/shell-command.js';

const main = fileURLToPath(new URL('./busy-bot-main.js', import.meta.url));

/** The command line that runs the busy bot with `threads` threads. */
export const busyBotCommand = (threads = 1): string => [process.execPath, main, `${threads}`].map(shellQuote).join(' ');
