/**
 * Instant games: a contest's schedule played without the games' own time. Each game it hands out is
 * "played" at once, its result drawn from the seats' hidden strengths on the Elo scale (`eloResult`),
 * and stored with one real replay (what storing a game costs), then told
 * to the contest as the arena's games are. The contest bench runs on them, and so do the tests that
 * need many contests.
 */
import type { GameResult, Replay } from '../src/arena/replay.js';
import { Rng } from '../src/core/rng.js';
import { seat } from '../src/core/units.js';
import type { RunInPlay } from '../src/runs/scheduled-game.js';

/**
 * The result of a game, as `base` records results, drawn from its seats' Elo: at two seats a draw in
 * ten, else the Elo formula; at more, a ranking drawn place by place, each seat left taking the next
 * place with a chance in proportion to 10^(Elo/400) (Plackett-Luce), no ties.
 */
export function eloResult(base: GameResult, elo: readonly number[], rng: Rng): GameResult {
  const roll = () => rng.nextU32() / 2 ** 32;
  const ranks: number[] = [];
  if (elo.length === 2) {
    const [a, b] = elo as [number, number];
    const r = roll();
    const winner = r < 0.1 ? null : r < 0.1 + 0.9 / (1 + 10 ** ((b - a) / 400)) ? 0 : 1;
    ranks.push(winner === 1 ? 2 : 1, winner === 0 ? 2 : 1);
  } else {
    const left = elo.map((e, s) => ({ s, weight: 10 ** (e / 400) }));
    for (let place = 1; left.length > 0; place++) {
      let r = roll() * left.reduce((sum, x) => sum + x.weight, 0);
      let k = 0;
      for (; k < left.length - 1; k++) {
        r -= left[k]!.weight;
        if (r < 0) break;
      }
      ranks[left.splice(k, 1)[0]!.s] = place;
    }
  }
  const first = ranks.filter((r) => r === 1).length === 1 ? ranks.indexOf(1) : null;
  return {
    ...base,
    winner: first === null ? null : seat(first),
    players: base.players.map((p) => ({ ...p, rank: ranks[p.seat]! })),
  };
}

/**
 * An executor (contest.ts, `ContestSettings.executor`) of instant games, stored with `base` (or the
 * replay of a game of as many seats); each seat's entrant's Elo is `elo(id)`; `played(n)` hears of the n-th game stored (and may stop the site there).
 */
export function instantGames(
  base: Replay | ((seats: number) => Replay),
  elo: (entrant: number) => number,
  played: (count: number) => void,
  seed = 1,
): (run: RunInPlay) => Promise<void> {
  const rng = new Rng(seed);
  return async (run) => {
    let count = 0;
    for (;;) {
      const next = run.schedule.next();
      if (next === null) return;
      if (next === 'wait') {
        await run.schedule.news?.();
        continue;
      }
      const replay = typeof base === 'function' ? base(next.seats.length) : base;
      const result = eloResult(replay.result, next.seats.map(elo), rng);
      const game = {
        runId: run.runId,
        index: next.index,
        round: 0,
        seats: next.seats,
        result,
        times: [],
        durationMs: 1,
      };
      const id = run.store.recordGame(game, { ...replay, result })!;
      run.onGame({ ...game, id, finishedAt: new Date().toISOString() });
      played(++count);
    }
  };
}
