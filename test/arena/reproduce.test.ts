/**
 * A game's record for one seat (arena/record.ts) and the game played again from it
 * (arena/reproduce.ts), on the tiny race game: as recorded to the end, stopped at the first other
 * answer, refused for another referee, and nothing of the other seats but their answers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playGame } from '../../src/arena/game-loop.js';
import { type GameRecord, readRecord, recordOf } from '../../src/arena/record.js';
import type { Replay } from '../../src/arena/replay.js';
import { reproduce } from '../../src/arena/reproduce.js';
import { SetupError } from '../../src/core/game.js';
import { seat } from '../../src/core/units.js';
import { TABULA_VERSION } from '../../src/core/version.js';
import { race } from '../fixtures/games/race.js';

// Reads the turn's lines (HELLO first) and answers with what the shell script decides.
const shellBot = (answer: string) =>
  `while read -r a; do [ "$a" = HELLO ] && continue; case "$a" in END*) exit;; esac; ${answer}; done`;
/** Seat 1: says a secret on stderr and comments every move. */
const chatty = `chatty=${shellBot('echo secret-stderr >&2; echo "1;secret-comment"')}`;

const played = async (bots: string[]): Promise<Replay> =>
  (await playGame(race, bots, { seed: 5, gameOptions: { target: '30' } })).replay;

describe('a game played again from its record', () => {
  it("records the seat's lines and the others' answers, without their stderr or comments, read back as written", async () => {
    const replay = await played(['builtin:random', chatty]);
    assert.equal(replay.referee, TABULA_VERSION);
    const record = recordOf(replay, seat(0), 12);
    assert.deepEqual(
      { ...record, turns: undefined },
      {
        format: 'tabula-game-record',
        version: 1,
        game: 'race',
        gameId: 12,
        referee: TABULA_VERSION,
        seed: 5,
        timeLimits: { firstTurnMs: 1000, turnMs: 200 },
        options: { target: '30' },
        seat: 0,
        players: [
          { seat: 0, name: 'builtin:random' },
          { seat: 1, name: 'chatty' },
        ],
        turns: undefined,
        result: {
          winner: replay.result.winner,
          reason: replay.result.reason,
          players: replay.result.players.map((p) => ({ seat: p.seat, rank: p.rank, status: 'ok' })),
        },
      },
    );
    const [first, second] = record.turns;
    assert.deepEqual(first, { turn: 1, seat: 0, input: ['HELLO', '0 0'], output: replay.turns[0]!.output });
    assert.deepEqual(Object.keys(second!), ['turn', 'seat', 'inputDigest', 'output']);
    assert.deepEqual(second!.output, ['1;'], 'the answer, its comment cut off');
    assert.doesNotMatch(JSON.stringify(record), /secret/);
    assert.deepEqual(readRecord(JSON.parse(JSON.stringify(record)), 'the file'), record);
    assert.throws(
      () => readRecord(JSON.parse(JSON.stringify(replay)), 'game.json'),
      new SetupError("game.json is not a game record (one is downloaded from a game of your submission's page)"),
    );
    assert.throws(
      () => readRecord({ ...record, turns: [{ turn: 1, seat: 0, output: 'x' }] }, 'bad.json'),
      /^SetupError: bad\.json is not a whole game record: turns\.0\.output: /,
    );
  });

  it('plays the stored game turn for turn to its result when the bot answers as recorded', async () => {
    const replay = await played(['builtin:random', chatty]);
    const again = await reproduce(race, recordOf(replay, seat(0), null), 'builtin:random');
    assert.equal(again.difference, null);
    const moves = (r: Replay) => r.turns.map((t) => [t.seat, t.input, t.state]);
    assert.deepEqual(moves(again.replay), moves(replay));
    assert.deepEqual(again.replay.result.winner, replay.result.winner);
    assert.deepEqual(
      again.replay.players.map((p) => p.bot),
      ['builtin:random', 'chatty (recorded)'],
    );
  });

  it('stops after the first other answer, saying what was recorded and what was answered', async () => {
    const replay = await played(['builtin:random', chatty]);
    const first = replay.turns.find((t) => t.seat === 0 && t.output[0] !== '2')!;
    const again = await reproduce(race, recordOf(replay, seat(0), null), shellBot('echo "2;always two"'));
    assert.deepEqual(again.difference, {
      turn: first.turn,
      seat: 0,
      what: 'answer',
      recorded: '1',
      answered: '2;always two',
      message: `turn ${first.turn} (seat 0): recorded "1", answered "2;always two"`,
    });
    assert.equal(again.replay.turns.length, first.turn, 'the replay ends at that turn');
    assert.equal(again.replay.result.winner, null);
    assert.match(again.replay.result.reason, /^played again from its record up to here, where it differs: turn /);
  });

  it("takes another comment on the same move for the recorded answer, and plays a recorded seat's failure again", async () => {
    const replay = await played([shellBot('echo "2;first"'), 'builtin:thrower']);
    assert.equal(replay.result.players[1]!.status, 'crash');
    const again = await reproduce(race, recordOf(replay, seat(0), null), shellBot('echo "2;another"'));
    assert.equal(again.difference, null);
    assert.equal(again.replay.result.players[1]!.status, 'crash');
  });

  it('refuses a record of another referee, or of one it does not know, naming both versions', async () => {
    const record: GameRecord = recordOf(await played(['builtin:random', chatty]), seat(0), null);
    await assert.rejects(
      reproduce(race, { ...record, referee: '0.0.1' }, 'builtin:random'),
      new SetupError(
        `the record was played by referee 0.0.1; this Tabula is ${TABULA_VERSION}: play it again with Tabula 0.0.1`,
      ),
    );
    await assert.rejects(
      reproduce(race, { ...record, referee: null }, 'builtin:random'),
      /^SetupError: the record does not say which referee played it/,
    );
  });
});
