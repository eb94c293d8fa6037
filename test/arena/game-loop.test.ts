import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { playGame } from '../../src/arena/game-loop.js';
import { BotStartError } from '../../src/core/connection.js';
import { SetupError } from '../../src/core/game.js';
import { millis } from '../../src/core/units.js';
import { race } from '../fixtures/games/race.js';

// Reads the turn's lines (HELLO first) and answers with what the shell script decides.
const shellBot = (answer: string) =>
  `while read -r a; do [ "$a" = HELLO ] && continue; case "$a" in END*) exit;; esac; ${answer}; done`;

describe('playGame', () => {
  it('plays a game to its end and records every turn', async () => {
    const { result, replay } = await playGame(race, ['builtin:random', shellBot('echo "1;thinking"')], { seed: 5 });
    assert.equal(result.game, 'race');
    assert.equal(result.turns, replay.turns.length);
    assert.ok(result.winner === 0 || result.winner === 1);
    assert.deepEqual(
      result.players.map((p) => [p.bot, p.seat, p.status, p.message]),
      [
        ['builtin:random', 0, 'ok', ''],
        [shellBot('echo "1;thinking"'), 1, 'ok', ''],
      ],
    );
    const [t1, t2, t3] = replay.turns;
    assert.deepEqual([t1!.seat, t2!.seat, t3!.seat], [0, 1, 0]);
    assert.deepEqual(t1!.input, ['HELLO', '0 0'], "each seat's first turn carries the initialisation");
    assert.deepEqual(t3!.input.length, 1);
    assert.deepEqual([t1!.limitMs, t2!.limitMs, t3!.limitMs], [1000, 1000, 200], 'first-turn limit per seat');
    assert.deepEqual(t2!.output, ['1;thinking']);
    assert.equal(t2!.comment, 'thinking');
    assert.equal(t1!.stderr, 'total 0 0\n', "a built-in bot's log is its stderr");
    assert.ok(replay.turns.every((t) => typeof t.timeMs === 'number' && t.timeMs >= 0));
    assert.deepEqual(replay.turns.at(-1)!.state, { total: (replay.turns.at(-1)!.state as { total: number }).total });
    assert.equal(replay.version, 1);
    assert.equal(replay.seed, 5);
    assert.deepEqual(replay.initialState, { total: 0 });
  });

  it('forfeits an invalid line, quoting it, and ends the bots', async () => {
    const { result, replay } = await playGame(race, ['builtin:random', shellBot('echo "three please"')], { seed: 1 });
    assert.equal(result.winner, 0);
    assert.equal(result.players[1]!.status, 'invalid');
    assert.equal(result.players[1]!.message, '"three please": expected 1 or 2');
    assert.equal(result.players[1]!.score, -1);
    assert.equal(result.reason, 'seat 1 invalid: "three please": expected 1 or 2');
    assert.deepEqual(replay.turns.at(-1)!.failure, { status: 'invalid', message: '"three please": expected 1 or 2' });
  });

  it('applies the given time limits and reports a timeout with the overrun', async () => {
    const timeLimits = { firstTurn: millis(1000), turn: millis(50) };
    const { result } = await playGame(race, [shellBot('sleep 0.3; echo 1'), 'builtin:random'], { seed: 1, timeLimits });
    assert.equal(result.players[0]!.status, 'timeout');
    assert.match(
      result.players[0]!.message,
      /^no answer within (1000|50) ms \(stopped after [\d.]+ ms, [\d.]+ ms over(; it used [\d.]+ ms of CPU( and waited [\d.]+ ms for one)?)?; (no answer came in the 200 ms more it was watched|its answer came at [\d.]+ ms); load average [\d.]+ on \d+ cores\)$/,
    );
    assert.equal(result.winner, 1);
  });

  it('lets the others play on when one of three seats fails', async () => {
    const { result } = await playGame(race, ['builtin:random', 'builtin:thrower', 'builtin:random'], { seed: 3 });
    assert.equal(result.players[1]!.status, 'crash');
    assert.match(result.players[1]!.message, /threw Error: no idea/);
    assert.ok(result.turns > 2, 'the game went on after the crash');
    assert.notEqual(result.winner, 1);
  });

  it('is reproducible from its seed', async () => {
    const strip = (turns: readonly { timeMs: number }[]) => turns.map((t) => ({ ...t, timeMs: 0 }));
    const a = await playGame(race, ['builtin:random', 'builtin:random'], { seed: 77 });
    const b = await playGame(race, ['builtin:random', 'builtin:random'], { seed: 77 });
    assert.deepEqual(strip(a.replay.turns), strip(b.replay.turns));
    assert.deepEqual(a.result, b.result);
  });

  it('refuses a bot that cannot be started, and a wrong number of bots', async () => {
    await assert.rejects(playGame(race, ['builtin:random', 'builtin:nobody'], { seed: 1 }), (err: Error) => {
      assert.ok(err instanceof BotStartError);
      assert.match(err.message, /race has no built-in bot "nobody" \(it has: random, thrower\)/);
      return true;
    });
    await assert.rejects(playGame(race, ['./tabula-no-such-bot', 'builtin:random'], { seed: 1 }), BotStartError);
    await assert.rejects(
      playGame(race, ['builtin:random'], { seed: 1 }),
      /Race to 10 is played by 2 to 3 players, not 1/,
    );
  });

  it('sends the final input to the bots still playing, and lets them exit by themselves', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    const file = join(dir, 'end.txt');
    // The bot writes what it read at the end, slowly: it is given the game's exit grace to do so.
    const bot = `while read -r a; do case "$a" in END*) sleep 0.05; echo "$a" > ${file}; exit;; HELLO) ;; *) echo 2;; esac; done`;
    const { result } = await playGame(race, [bot, 'builtin:random'], { seed: 2 });
    assert.equal(result.players[0]!.status, 'ok');
    assert.match(await readFile(file, 'utf8'), /^END 1[01]\n$/);
  });

  it('takes game options by name, and refuses unknown ones', async () => {
    const { result, replay } = await playGame(race, ['builtin:random', 'builtin:random'], {
      seed: 2,
      gameOptions: { target: '3' },
    });
    assert.ok(result.turns <= 3);
    assert.match(replay.turns[0]!.stderr, /^options \{"target":"3"\}\n/, 'built-in bots are told the options');
    await assert.rejects(
      playGame(race, ['builtin:random', 'builtin:random'], { seed: 2, gameOptions: { goal: '3' } }),
      (err: Error) => {
        assert.ok(err instanceof SetupError);
        assert.equal(err.message, 'race has no option "goal" (its options: target)');
        return true;
      },
    );
    await assert.rejects(
      playGame(race, ['builtin:random', 'builtin:random'], { seed: 2, gameOptions: { target: '-1' } }),
      SetupError,
    );
  });

  it("enforces a player's time for the whole game", async () => {
    const timeLimits = { firstTurn: millis(1000), turn: millis(1000), game: millis(250) };
    const { result, replay } = await playGame(race, [shellBot('sleep 0.1; echo 1'), 'builtin:random'], {
      seed: 1,
      timeLimits,
    });
    assert.equal(result.players[0]!.status, 'timeout');
    assert.match(result.players[0]!.message, /^no answer within the [\d.]+ ms left of its time for the game/);
    const limits = replay.turns.filter((t) => t.seat === 0).map((t) => t.limitMs);
    assert.equal(limits[0], 250);
    assert.ok(
      limits.every((l, i) => i === 0 || l < limits[i - 1]!),
      `limits shrink: ${limits}`,
    );
  });
});
