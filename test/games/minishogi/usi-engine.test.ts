import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { playGame } from '../../../src/arena/game-loop.js';
import { LineQueue } from '../../../src/arena/process/line-streams.js';
import { millis } from '../../../src/core/units.js';
import { game } from '../../../src/games/minishogi/index.js';
import { parseUsi } from '../../../src/games/minishogi/moves.js';
import { parseSfen, START_SFEN } from '../../../src/games/minishogi/sfen.js';
import { goLimits, serveUsi } from '../../../src/games/minishogi/usi-engine.js';
import { root, tabula } from '../../support/cli.js';

/** The engine in memory: `say` sends commands; `until` waits for an output line that matches. */
function engine(params: Record<string, string> = {}) {
  running.length = 0;
  const input = new LineQueue();
  const output: string[] = [];
  let wake = (): void => {};
  const writeLine = (line: string): void => {
    output.push(line);
    wake();
  };
  const done = serveUsi({ readLine: () => input.read(), writeLine, log: () => {} }, params);
  const end = (): Promise<void> => {
    input.end();
    return done;
  };
  const e = {
    output,
    say: (...lines: string[]) => {
      for (const line of lines) input.push(line);
    },
    async until(pattern: RegExp): Promise<string> {
      for (;;) {
        const line = output.find((l) => pattern.test(l));
        if (line !== undefined) return line;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    end,
  };
  running.push(end);
  return e;
}

/** The engine of the test under way, ended after it whatever happens. */
const running: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(running.map((end) => end()));
});

const bestMove = (line: string) => parseUsi(line.split(' ')[1]!);

describe('the USI engine', () => {
  it('answers usi and isready, searches the position given, and reports each iteration', async () => {
    const e = engine();
    e.say('usi', 'isready');
    await e.until(/^readyok$/);
    assert.deepEqual(e.output, ['id name Tabula minishogi strong', 'id author Tabula', 'usiok', 'readyok']);
    e.say('usinewgame', 'position sfen 4k/5/4P/5/K4 b G 1', 'go depth 3');
    const best = await e.until(/^bestmove /);
    assert.match(best, /^bestmove G\*(1b|3b)$/, 'a move that wins at once');
    assert.match(
      e.output.find((l) => l.startsWith('info depth 1 '))!,
      /^info depth 1 score mate 1 nodes [0-9]+ nps [0-9]+ time [0-9]+ pv G\*/,
    );
    e.say('position startpos moves 2e4c 1a2b', 'go nodes 3000');
    const second = bestMove(await e.until(/^bestmove (?!G)/))!;
    const pos = parseSfen(START_SFEN);
    pos.make(parseUsi('2e4c')!);
    pos.make(parseUsi('1a2b')!);
    assert.ok(pos.legalMoves().includes(second));
    await e.end();
  });

  it('searches until stop with go infinite, and answers a search under way when the input ends', async () => {
    const e = engine();
    e.say('isready', 'position startpos', 'go infinite');
    await e.until(/^info depth 2 /);
    e.say('stop');
    assert.ok(bestMove(await e.until(/^bestmove /)) !== null);
    e.say('position startpos', 'go infinite');
    await e.until(/^info depth 2 .* pv 2e4c|^info depth 2 /);
    await e.end();
    assert.equal(e.output.filter((l) => l.startsWith('bestmove')).length, 2);
  });

  it('says what is wrong with a bad position or an unknown command, and keeps the last good position', async () => {
    const e = engine();
    e.say(
      'position sfen 4k/5/4P/5/K4 b G 1',
      'position sfen rbsgk/4p',
      'position startpos moves 5e5a',
      'hello',
      'go depth 1',
    );
    assert.match(await e.until(/^bestmove/), /^bestmove G\*/);
    assert.deepEqual(
      e.output.filter((l) => l.startsWith('info string')),
      [
        'info string expected 3 or 4 fields (board, side to move, hands, move number), got 1',
        'info string illegal move 5e5a',
        'info string unknown command hello',
      ],
    );
    await e.end();
  });

  it("gives itself time from movetime or the clock, scaled by the bot's time parameter, within its depth and nodes", () => {
    const go = (text: string) =>
      new Map(
        text
          .split(' ')
          .map((w, i, a) => (i % 2 === 0 ? [w, Number(a[i + 1])] : null))
          .filter((x): x is [string, number] => x !== null),
      );
    assert.deepEqual(goLimits(go('movetime 100'), 0, {}), { softMs: 90, hardMs: 90 });
    assert.deepEqual(goLimits(go('movetime 100'), 0, { time: '0.5' }), { softMs: 40, hardMs: 40 });
    assert.deepEqual(goLimits(go('btime 20000 wtime 1000 byoyomi 0'), 0, {}), { softMs: 490, hardMs: 1990 });
    assert.deepEqual(goLimits(go('btime 20000 wtime 1000 byoyomi 0'), 1, {}), { softMs: 15, hardMs: 90 });
    assert.deepEqual(goLimits(go('btime 0 wtime 0 byoyomi 1000'), 0, {}), { softMs: 490, hardMs: 990 });
    assert.deepEqual(goLimits(go('depth 9'), 0, { depth: '6' }), { depth: 6 });
    assert.deepEqual(goLimits(go('nodes 1000'), 0, { nodes: '5000' }), { nodes: 1000 });
    assert.deepEqual(goLimits(new Map([['infinite', 1]]), 0, {}), {});
  });

  it("runs as tabula usi minishogi strong, and plays a whole game through Tabula's own USI bridge", async () => {
    const run = await tabula(['usi', 'minishogi', 'strong(depth=2)'], 'usi\nisready\nposition startpos\ngo depth 5\n');
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /usiok\nreadyok\ninfo depth 1 .*\ninfo depth 2 .*\nbestmove \S+\n$/,
      "the bot's depth caps the search",
    );
    assert.equal(
      (await tabula(['usi', 'minishogi', 'random'], '')).stderr,
      "tabula: minishogi's usi engine runs strong, not random\n",
    );
    assert.equal((await tabula(['usi', 'mills', 'random'], '')).stderr, 'tabula: mills has no usi engine\n');

    const usi = `usi(depth=3):node ${JSON.stringify(join(root, 'bin', 'tabula.js'))} usi minishogi strong`;
    const { result } = await playGame(game, ['builtin:random', usi], {
      seed: 2,
      timeLimits: { firstTurn: millis(5000), turn: millis(5000) },
    });
    assert.deepEqual(
      result.players.map((p) => p.status),
      ['ok', 'ok'],
      result.reason,
    );
    assert.equal(result.winner, 1, result.reason);
  });
});
