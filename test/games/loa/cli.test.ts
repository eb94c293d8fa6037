import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { GameResult, PlayerStatus, Replay } from '../../../src/arena/replay.js';
import { seat } from '../../../src/core/units.js';
import { game } from '../../../src/games/loa/index.js';
import { gameListing, tabula } from '../../support/cli.js';

/** `tabula bot loa <name>` as a shell command, run from the build these tests were compiled into. */
const cli = new URL('../../../src/cli/main.js', import.meta.url).href;
const script = `const { main } = await import(${JSON.stringify(cli)}); process.exitCode = await main(process.argv.slice(1));`;
const builtinCommand = (...args: string[]) =>
  [process.execPath, '--input-type=module', '-e', `'${script}'`, 'bot', 'loa', ...args].join(' ');

describe('tabula perft loa', () => {
  it('counts the moves from the start', async () => {
    const run = await tabula(['perft', 'loa', '--depth', '2']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '1244\n');
  });

  it('divides, and starts from a position', async () => {
    const divided = await tabula(['perft', 'loa', '--depth', '1', '--divide']);
    const lines = divided.stdout.trim().split('\n');
    assert.equal(lines.length, 37);
    assert.equal(lines[0], '1 2 1 8 1');
    assert.equal(lines.at(-1), '36');
    const position = '.bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. w';
    assert.equal((await tabula(['perft', 'loa', '--depth', '2', '--position', position])).stdout, '1244\n');
    const bad = await tabula(['perft', 'loa', '--depth', '1', '--position', 'bbb w']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^tabula: a position has 8 rows, not 1/);
  });
});

describe('tabula play and games for loa', () => {
  it('lists the move limit option and the time limits', async () => {
    assert.deepEqual(await gameListing('loa'), {
      id: 'loa',
      title: 'Lines of Action',
      players: { min: 2, max: 2 },
      timeLimits: { firstTurnMs: 2000, turnMs: 1000, gameMs: 10000 },
      bots: ['random', 'greedy', 'planner', 'strong'],
      options: [
        {
          name: 'max-moves',
          default: '100',
          description: 'moves in all, both sides counted, after which a game without a winner is a draw',
        },
      ],
    });
  });

  it('plays with a move limit, and refuses a bad one', async () => {
    const run = await tabula([
      'play',
      'loa',
      'builtin:random',
      'builtin:random',
      '--seed',
      '1',
      '--option',
      'max-moves=6',
      '--json',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.deepEqual([result.turns, result.winner, result.reason], [6, null, 'move limit: 6 moves without a winner']);
    const bad = await tabula(['play', 'loa', 'builtin:random', 'builtin:random', '--option', 'max-moves=many']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^tabula: max-moves must be a whole number of moves from 1 to 1000000, not "many"/);
  });

  it('runs the strong bot on stdin and stdout, speaking the statement', async () => {
    const black = await tabula(['bot', 'loa', 'strong', '--seed', '1'], '0\n');
    assert.equal(black.code, 0, black.stderr);
    assert.match(black.stdout, /^[1-8] [1-8] [1-8] [1-8]\n$/);
    const white = await tabula(['bot', 'loa', 'strong', '--seed', '1'], '1\n8 2 6 4\n');
    assert.equal(white.code, 0, white.stderr);
    assert.match(white.stdout, /^[1-8] [1-8] [1-8] [1-8]\n$/);
  });
});

describe('tabula judge loa', () => {
  it('passes a game only when the submission won it against a judge that played on', () => {
    const result = (winner: number | null, reason: string, judgeStatus: PlayerStatus = 'ok'): GameResult => ({
      game: 'loa',
      seed: 1,
      turns: 9,
      winner: winner === null ? null : seat(winner),
      reason,
      players: [
        { bot: 'submission', seat: seat(0), score: 0, rank: 1, status: 'ok', message: '' },
        {
          bot: 'builtin:random',
          seat: seat(1),
          score: 0,
          rank: 2,
          status: judgeStatus,
          message: judgeStatus === 'ok' ? '' : 'threw',
        },
      ],
    });
    const verdict = game.judge!.verdict;
    assert.equal(game.judge!.opponent, 'random');
    assert.equal(verdict(result(0, 'BLACK has connected its 12 pieces'), seat(0)), null);
    assert.equal(
      verdict(result(1, 'WHITE has connected its 12 pieces'), seat(0)),
      'a loss: WHITE has connected its 12 pieces',
    );
    assert.equal(
      verdict(result(null, 'move limit: 100 moves without a winner'), seat(0)),
      'a draw: move limit: 100 moves without a winner',
    );
    assert.equal(
      verdict(result(0, 'seat 1 crash: threw', 'crash'), seat(0)),
      "the judge's player failed (crash: threw)",
    );
  });

  it('accepts the strong bot, printing each game with its number of moves', async () => {
    const run = await tabula(['judge', 'loa', builtinCommand('strong', '--seed', '1'), '--games', '2', '--seed', '1']);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trim().split('\n').slice(1);
    assert.match(run.stdout, /^judging against the statement's judge: wins every game .*, 2 games, seed 1\n/);
    assert.match(lines[0]!, /^game 1: seat 0, seed 1: won in \d+ moves \(BLACK has connected its \d+ pieces\)$/);
    assert.match(lines[1]!, /^game 2: seat 1, seed 2: won in \d+ moves \(WHITE has connected its \d+ pieces\)$/);
    assert.equal(lines[2], 'Accepted: 2 of 2 games passed');
  });

  it('rejects a random bot, naming the first failing game and writing its replay', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-loa-'));
    const run = await tabula(
      ['judge', 'loa', builtinCommand('random', '--seed', '5'), '--games', '2', '--seed', '1'],
      '',
      dir,
    );
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stdout.trim().split('\n').slice(1);
    assert.equal(lines[0], 'game 1: seat 0, seed 1: draw in 100 moves (move limit: 100 moves without a winner)');
    assert.equal(lines[1], 'Rejected: game 1 (seat 0, seed 1): a draw: move limit: 100 moves without a winner');
    assert.equal(lines[2], 'replay: judge-loa-1.json');
    const replay = JSON.parse(await readFile(join(dir, 'judge-loa-1.json'), 'utf8')) as Replay;
    assert.equal(replay.turns.length, 100);
    assert.deepEqual(replay.turns[0]!.input, ['0']);
  });
});
