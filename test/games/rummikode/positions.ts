/**
 * Positions for checking the planner, as play reaches them: seeded games between the greedy and
 * the random bot (each seat drawn at random), on the rules directly; every turn's first command, for
 * the player to move, with the actions left drawn from 1 to 5 so that smaller searches come too.
 */
import { Rng } from '../../../src/core/rng.js';
import { greedyMove } from '../../../src/games/rummikode/bots/greedy.js';
import {
  ACTIONS_PER_TURN,
  hasMove,
  KINDS,
  movesOf,
  type RummiMove,
  type Table,
} from '../../../src/games/rummikode/moves.js';
import { type RummiState, rules, tableOf } from '../../../src/games/rummikode/rules.js';

/** As the random bot plays: a kind of command at random, then one of that kind. */
const randomMove = (table: Table, rng: Rng): RummiMove =>
  rng.pick(movesOf(table, rng.pick(KINDS.filter((k) => hasMove(table, k)))));

export function* positions(seed: number): Generator<Table> {
  const rng = new Rng(seed);
  for (;;) {
    const players = 2 + rng.below(3);
    const greedy = Array.from({ length: players }, () => rng.below(2) === 0);
    let state: RummiState = rules.initial({ seats: players, seed: rng.nextU32(), options: {} });
    let mover = -1;
    while (!rules.outcome(state)) {
      const table = tableOf(state);
      if (state.mover !== mover) yield { ...table, actionsLeft: 1 + rng.below(ACTIONS_PER_TURN) };
      mover = state.mover;
      state = rules.play(state, greedy[state.mover] ? greedyMove(table) : randomMove(table, rng));
    }
  }
}
