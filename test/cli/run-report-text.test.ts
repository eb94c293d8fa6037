import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatReport } from '../../src/cli/run-report-text.js';
import { millis } from '../../src/core/units.js';
import { runReport } from '../../src/runs/report/run-report.js';
import type { RunConfig } from '../../src/runs/run-config.js';
import type { RunRecord, StoredGame } from '../../src/runs/store/records.js';
import { type GameSketch, storedGame } from '../support/runs.js';
import { assertSnapshot } from '../support/snapshot.js';

const timeLimits = { firstTurn: millis(1000), turn: millis(50) };

/** The report's text: `games` as sketches or as stored, and `earlier` plays of games played again. */
function report(
  config: RunConfig,
  games: readonly (GameSketch | StoredGame)[],
  earlier: readonly StoredGame[] = [],
): string {
  const run: RunRecord = {
    id: 1,
    kind: config.kind,
    identity: '',
    config,
    seed: 42,
    createdAt: '2026-11-23T00:00:00.000Z',
  };
  return formatReport(
    runReport(
      run,
      games.map((g) => ('id' in g ? g : storedGame(config.bots, g))),
      earlier,
    ),
  );
}

/** Game `index` of pair `index / 2`, seats swapped in the second; `winnerBot` a bot index or null. */
const paired = (
  index: number,
  a: number,
  b: number,
  winnerBot: number | null,
  round = Math.floor(index / 2),
): GameSketch => {
  const seats = index % 2 ? [b, a] : [a, b];
  return { index, round, seats, winner: winnerBot === null ? null : seats.indexOf(winnerBot) };
};

describe('the text of tabula results', () => {
  it('reports a match: the pair, its Elo, pentanomial counts, the SPRT, and each bot', () => {
    const config: RunConfig = {
      kind: 'match',
      game: 'mills',
      bots: ['builtin:random', 'python3 bot.py'],
      timeLimits,
      gameOptions: {},
      games: 12,
      sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 },
    };
    const winners = [1, 1, 1, 0, null, 1, 1, 1, 0, 0, 1, null];
    const games = winners.map((w, i) => paired(i, 0, 1, w));
    const failed: GameSketch = {
      ...games[3]!,
      failure: { seat: 1, status: 'timeout', message: 'no answer within 50 ms' },
    };
    assertSnapshot(report(config, games.with(3, failed)), 'test/cli/snapshots/match.txt');
  });

  it('reports a round-robin of two seats: ratings, cross table, pairs and bots', () => {
    const config: RunConfig = {
      kind: 'tournament',
      game: 'mills',
      bots: ['alpha', 'beta', 'gamma'],
      format: 'round-robin',
      players: 2,
      rounds: 2,
      timeLimits,
      gameOptions: {},
    };
    const tables: [number, number, number | null, number | null][] = [
      [0, 1, 0, 0],
      [0, 2, 0, null],
      [1, 2, 2, 1],
    ];
    const games: GameSketch[] = [];
    for (let round = 0; round < 2; round++) {
      for (const [a, b, first, second] of tables) {
        games.push(paired(games.length, a, b, first, round), paired(games.length + 1, a, b, second, round));
      }
    }
    assertSnapshot(report(config, games), 'test/cli/snapshots/round-robin.txt');
  });

  it('reports a tournament of three seats: OpenSkill ratings, mean places, who finished ahead', () => {
    const config: RunConfig = {
      kind: 'tournament',
      game: 'rummikode',
      bots: ['one', 'two', 'three'],
      format: 'round-robin',
      players: 3,
      rounds: 1,
      timeLimits,
      gameOptions: {},
    };
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    // Bot 0 finishes first, bot 1 second, bot 2 third, except in the last game where 2 wins.
    const games = orders.map((seats, index): GameSketch => {
      const place = index === 5 ? [2, 3, 1] : [1, 2, 3];
      const ranks = seats.map((b) => place[b]!);
      return { index, round: 0, seats, winner: ranks.indexOf(1), ranks };
    });
    assertSnapshot(report(config, games), 'test/cli/snapshots/three-seats.txt');
  });

  it('names bots as given, or by their command with #2 on a repeat, everywhere; counts read naturally', () => {
    const config: RunConfig = {
      kind: 'match',
      game: 'mills',
      bots: ['python3 bot.py', 'python3 bot.py'],
      timeLimits,
      gameOptions: {},
      games: 100,
    };
    const one: GameSketch = { ...paired(0, 0, 1, 0), failure: { seat: 1, status: 'crash', message: 'exited' } };
    const text = report(config, [one]);
    assert.match(text, /^run 1: mills match, 100 games, seed 42, 1 game played$/m);
    assert.match(text, /^python3 bot\.py vs python3 bot\.py#2: 1 win, 0 draws, 0 losses of 1 \(score 100\.0%\)$/m);
    assert.match(text, /^python3 bot\.py#2 +1 +0 +0 +1 +0 /m);
    assert.match(text, /^ {2}python3 bot\.py#2: game 1 crash: exited/m);
    const named = report({ ...config, bots: ['new=python3 bot.py', 'old=python3 bot.py'] }, [one]);
    assert.match(named, /^new vs old: /m);
    assert.match(named, /^old +1 /m);
  });

  it('counts the games played again for a timeout the machine caused, each with why, and such timeouts counted', () => {
    const config: RunConfig = {
      kind: 'match',
      game: 'mills',
      bots: ['a', 'b'],
      timeLimits,
      gameOptions: {},
      games: 2,
      replayMachineTimeouts: true,
    };
    const late = { limitMs: 50, answeredMs: 88, waitMs: 52, cpuMs: 12.5, load: { average: 3.9, cores: 2 } };
    /** Game `index` with seat 1's timeout, the machine's doing; an earlier play of it where `play` is given. */
    const machine = (index: number, play?: number): StoredGame => {
      const failure = { seat: 1, status: 'timeout' as const, message: 'no answer within 50 ms' };
      const game = storedGame(config.bots, { ...paired(index, 0, 1, 0), failure });
      return {
        ...game,
        ...(play !== undefined && { id: 10 + play, earlierPlay: play }),
        times: game.times.map((t, s) => (s === 1 ? { ...t, timeout: late } : t)),
      };
    };
    const text = report(config, [paired(0, 0, 1, 0), paired(1, 0, 1, 0)], [machine(1, 1), machine(1, 2)]);
    const why =
      'seat 1 answered 38 ms past its 50 ms, having waited 52 ms for a CPU (CPU time 12.5 ms; load average 3.90 on 2 cores)';
    assert.ok(
      text.endsWith(
        [
          '',
          'played again, the machine having caused a timeout: 1 game (2 earlier plays kept, not counted)',
          `  game 11 (index 1, play 1): ${why}  (tabula replay 11)`,
          `  game 12 (index 1, play 2): ${why}  (tabula replay 12)`,
          '',
        ].join('\n'),
      ),
      text,
    );
    const counted = machine(1);
    const last = report(config, [paired(0, 0, 1, 0), counted], [machine(1, 1), machine(1, 2)]);
    assert.match(last, /^1 timeout the machine caused counted all the same: the last of 3 plays$/m);
    const { replayMachineTimeouts: _option, ...without } = config;
    assert.match(
      report(without, [paired(0, 0, 1, 0), counted]),
      /^1 timeout looks like the machine's: --replay-machine-timeouts plays such games again$/m,
    );
    assert.doesNotMatch(
      report(config, [paired(0, 0, 1, 0)]),
      /machine/,
      'nothing said where the machine caused nothing',
    );
  });

  it('says what a run kept when the latest command asked for fewer games or rounds than were played', () => {
    const match: RunConfig = {
      kind: 'match',
      game: 'mills',
      bots: ['a', 'b'],
      timeLimits,
      gameOptions: {},
      games: 2,
    };
    const games = [0, 1, 2, 3].map((i) => paired(i, 0, 1, 0));
    assert.match(
      report(match, games).split('\n')[0]!,
      /^run 1: mills match, seed 42, 4 games played \(the latest command asked for 2: the games played before are kept\)$/,
    );
    const tournament: RunConfig = { ...match, kind: 'tournament', format: 'round-robin', players: 2, rounds: 1 };
    assert.equal(
      report(tournament, games).split('\n')[0],
      'run 1: mills round-robin tournament, tables of 2, seed 42, 4 games played in 2 rounds ' +
        '(the latest command asked for 1 round: the games played before are kept)',
    );
  });
});
