/** What a person debugging a bot is told and shown: a missing newline, a line written ahead, long output, names. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultOutputCaps } from '../../src/arena/bot-output.js';
import { playGame } from '../../src/arena/game-loop.js';
import { millis } from '../../src/core/units.js';
import { race } from '../fixtures/games/race.js';

// Reads the turn's lines (HELLO first) and answers with what the shell script decides.
const shellBot = (answer: string) =>
  `while read -r a; do [ "$a" = HELLO ] && continue; case "$a" in END*) exit;; esac; ${answer}; done`;
const timeLimits = { firstTurn: millis(2000), turn: millis(300) };

describe('what a bot author is told', () => {
  it('a line written without its newline: the timeout quotes it, and the replay keeps it', async () => {
    const { result, replay } = await playGame(race, [shellBot("printf '1'"), 'builtin:random'], {
      seed: 1,
      timeLimits,
    });
    assert.equal(result.players[0]!.status, 'timeout');
    assert.match(result.players[0]!.message, /; it wrote "1" without a newline \(a line ends with \\n; flush it\)$/);
    const last = replay.turns.at(-1)!;
    assert.deepEqual([last.output, last.unfinished], [[], '1']);
  });

  it('an answer written ahead, before the turn was asked, is named as such', async () => {
    // Two answers a turn, in one write: the second is read as the next turn's, and "3" is not a move.
    const { result, replay } = await playGame(race, [shellBot("printf '1\\n3\\n'"), 'builtin:random'], {
      seed: 1,
      timeLimits,
    });
    assert.equal(result.players[0]!.status, 'invalid');
    assert.match(
      result.players[0]!.message,
      /^"3": expected 1 or 2 \(a line written ahead, before this turn's input was sent: in an earlier turn the bot wrote more than its answer\)$/,
    );
    const last = replay.turns.at(-1)!;
    assert.deepEqual([last.timeMs, last.writtenAhead], [0, true]);
  });

  it('long answers and comments are capped in the replay, with a count of what was dropped', async () => {
    const comment = 'x'.repeat(5000);
    const { replay } = await playGame(race, [shellBot(`echo "1;${comment}"`), 'builtin:random'], {
      seed: 1,
      timeLimits,
    });
    const mine = replay.turns.filter((t) => t.seat === 0 && t.failure === undefined);
    assert.ok(mine.length > 0);
    const { perTurn } = defaultOutputCaps;
    for (const t of mine) {
      assert.equal(t.comment, 'x'.repeat(perTurn));
      assert.equal(t.commentDropped, comment.length - perTurn);
      assert.equal(t.output[0], `1;${'x'.repeat(perTurn - 2)}`);
      assert.equal(t.outputDropped, comment.length + 2 - perTurn);
    }
  });

  it('quotes at most the start of a long invalid line', async () => {
    const { result } = await playGame(race, [shellBot(`echo "${'z'.repeat(3000)}"`), 'builtin:random'], {
      seed: 1,
      timeLimits,
    });
    assert.match(result.players[0]!.message, /^"z{200}"… \(3000 characters\): /);
  });

  it('names the seats: the name given, else the bot itself with #2 on a repeat', async () => {
    const { result, replay } = await playGame(race, ['fast=builtin:random', 'builtin:random', 'builtin:random'], {
      seed: 4,
    });
    const names = ['fast', 'builtin:random', 'builtin:random#2'];
    assert.deepEqual(
      result.players.map((p) => [p.bot, p.name]),
      [
        ['fast=builtin:random', 'fast'],
        ['builtin:random', 'builtin:random'],
        ['builtin:random', 'builtin:random#2'],
      ],
    );
    assert.deepEqual(
      replay.players.map((p) => p.name),
      names,
    );
  });
});
