/**
 * `npm run strength -- minishogi [--bot-nodes N] [--db FILE] [--concurrency K] [--pairing TEXT] [--games N] [--seed S]`:
 * `builtin:strong` against the random player and a gauntlet of Fairy-Stockfish (`/usr/games/fairy-stockfish`,
 * `apt-get install fairy-stockfish`; another path in FAIRY_STOCKFISH) through the USI bridge: fixed
 * depths 1, 2, 3, 4, 6 and 8, fixed nodes 5,000, 20,000 and 100,000, and the same 100 ms turns as the
 * bot. Each pairing is 200 games in pairs from 2 random opening plies; from depth 3 on, where the question
 * is whether the bot scores half, a pairing stops early when its SPRT decides whether the bot is 50 Elo
 * stronger or 50 weaker (the random player and depths 1 and 2 play all 200: the question is 100% or 90%).
 *
 * By default the bot thinks as long as at the statement's limits. Fairy-Stockfish's fixed-depth and
 * fixed-node searches can take longer than a 100 ms turn, so those pairings give both players 20 times
 * the statement's limits and the bot a twentieth of its time share (`time=0.05`). The bot's time
 * depends on the machine's load; `--bot-nodes N` makes it search N positions a move instead
 * (`builtin:strong(nodes=N)`, deterministic), on every pairing but the timed 100 ms one.
 */
import { existsSync } from 'node:fs';
import { millis } from '../../src/core/units.js';
import { gauntletOptions, ownOption, type Pairing, playGauntlet } from './gauntlet.js';

const FAIRY_STOCKFISH = process.env.FAIRY_STOCKFISH ?? '/usr/games/fairy-stockfish';
const openings = { randomPlies: 2 };
const sprt = { elo0: -50, elo1: 50, alpha: 0.05, beta: 0.05 };
/** The statement's limits, 20 times over, with the bot's share scaled back. */
const SLOW = 20;
const slowLimits = { firstTurn: millis(1000 * SLOW), turn: millis(100 * SLOW) };

/** The pairings, the bot at the statement's thinking time, or at `botNodes` positions a move. */
function pairings(botNodes: number | null): Pairing[] {
  const bot = botNodes === null ? `builtin:strong(time=${1 / SLOW})` : `builtin:strong(nodes=${botNodes})`;
  const slow = (name: string, opponent: string, more: Partial<Pairing> = {}): Pairing => ({
    name,
    bot,
    opponent,
    games: 200,
    openings,
    timeLimits: slowLimits,
    ...more,
  });
  const fixed = (name: string, limit: string, more: Partial<Pairing> = { sprt }): Pairing =>
    slow(`Fairy-Stockfish ${name}`, `usi(${limit}):${FAIRY_STOCKFISH}`, more);
  return [
    slow('builtin:random', 'builtin:random'),
    ...[1, 2].map((depth) => fixed(`depth ${depth}`, `depth=${depth}`, {})),
    ...[3, 4, 6, 8].map((depth) => fixed(`depth ${depth}`, `depth=${depth}`)),
    ...[5000, 20000, 100000].map((nodes) => fixed(`nodes ${nodes}`, `nodes=${nodes}`)),
    ...(botNodes === null
      ? [
          {
            name: 'Fairy-Stockfish 100 ms turns',
            bot: 'builtin:strong',
            opponent: `usi:${FAIRY_STOCKFISH}`,
            games: 200,
            sprt,
            openings,
          },
        ]
      : []),
  ];
}

export async function main(args: readonly string[]): Promise<void> {
  if (!existsSync(FAIRY_STOCKFISH)) {
    console.error(`no Fairy-Stockfish at ${FAIRY_STOCKFISH}: apt-get install fairy-stockfish, or set FAIRY_STOCKFISH`);
    process.exitCode = 2;
    return;
  }
  const { value, rest } = ownOption(args, 'bot-nodes', /^[1-9][0-9]{0,8}$/, 'a whole number above 0');
  await playGauntlet('minishogi', pairings(value === null ? null : Number(value)), gauntletOptions(rest));
}
