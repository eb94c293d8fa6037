/**
 * The strong bot: it plans each turn whole (turn.ts, planner.ts) and plays it one command per
 * exchange.
 */
import type { BuiltinBot, Setting } from '../../../core/game.js';
import { failed, ok, type Result } from '../../../core/result.js';
import { type TurnPolicy, turnLimits } from '../../../core/turn-budget.js';
import { TurnPlayer } from '../engine/turn.js';
import { readTurn } from '../input.js';
import { formatMove } from '../moves.js';

/**
 * The share of the per-command limit the planner may use: the rest covers a busy machine (at 0.3,
 * timed runs on a loaded machine saw answers a few ms late, after 4 to 41 ms of CPU).
 */
const TIME_SHARE = 0.2;
/**
 * Of that share, the planner's one limit, counted from its start at each turn's first command (and
 * at a plan made again): it stops there, taking the best plan found. The first turn has no more.
 */
export const TIME_POLICY: TurnPolicy = { soft: 1, hard: 1 };

const DEFAULT_NODES = 200_000;
const DEFAULT_KEEP = 1;
/** Measured against the greedy bot: waiting longer loses races to it, opening sooner gains nothing (README.md, "A bigger opening"). */
const DEFAULT_OPEN_BY = 12;

const share = (value: string): Result<string> =>
  /^[0-9]*\.?[0-9]+$/.test(value) && Number(value) < 1
    ? ok(value)
    : failed(`a share of the per-command limit, below 1, not ${JSON.stringify(value)}`);
const count = (value: string): Result<string> =>
  /^[0-9]+$/.test(value) ? ok(value) : failed(`a positive whole number, not ${JSON.stringify(value)}`);

const params: readonly Setting[] = [
  {
    name: 'time',
    description: "the share of the per-command limit a turn's planning may use; 0: no time limit, only nodes",
    default: String(TIME_SHARE),
    check: share,
  },
  { name: 'nodes', description: 'planning nodes per turn at most', default: String(DEFAULT_NODES), check: count },
  {
    name: 'keep',
    description: 'cards kept back for later turns, so as not to draw then',
    default: String(DEFAULT_KEEP),
    check: count,
  },
  {
    name: 'open',
    description:
      'its turn by which it pushes its first stack at the latest, if it can: before, it waits while its opening turn would leave more than 3 cards; 0: at once',
    default: String(DEFAULT_OPEN_BY),
    check: count,
  },
];

export const strong: BuiltinBot = {
  description: 'plans each turn whole: the rearranging that throws the most cards, within the five actions',
  params,
  create: ({ timeLimits, params: given }) => {
    const ms = turnLimits(timeLimits, TIME_POLICY, Number(given.time ?? TIME_SHARE), false).hardMs;
    const nodes = Number(given.nodes ?? DEFAULT_NODES);
    const keep = Number(given.keep ?? DEFAULT_KEEP);
    const openBy = Number(given.open ?? DEFAULT_OPEN_BY);
    return async (io) => {
      const player = new TurnPlayer({ nodes, ms }, keep, (text) => io.log(text), openBy);
      for (let turn = await readTurn(io); turn !== null; turn = await readTurn(io))
        io.writeLine(formatMove(player.answer(turn)));
    };
  },
};
