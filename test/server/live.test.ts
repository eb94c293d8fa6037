import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { playGame } from '../../src/arena/game-loop.js';
import type { ReplayHead, ReplayTurn } from '../../src/arena/replay.js';
import { findGame } from '../../src/games/registry.js';
import { seatTimes } from '../../src/runs/scheduled-game.js';
import { Store } from '../../src/runs/store/store.js';
import { DatabaseWatch, liveKey } from '../../src/server/database-watch.js';
import { LiveHub } from '../../src/server/live-hub.js';
import type { ServerMessage } from '../../src/server/wire.js';
import { scratch } from '../support/web.js';

/** A real game's replay, to publish turn by turn. */
async function playedMorris() {
  const morris = await findGame('morris');
  return playGame(morris, ['builtin:random', 'builtin:random'], { seed: 3 });
}

const headOf = ({ turns: _t, result: _r, ...head }: { turns: unknown; result: unknown } & ReplayHead): ReplayHead =>
  head;

describe('live games in the results database', () => {
  it('are published by the playing process and read by another connection, until stored', async () => {
    const { replay } = await playedMorris();
    const path = join(scratch(), 'live.db');
    const writing = new Store(path);
    const reading = new Store(path);
    const writer = writing.live;
    const reader = reading.live;
    const slot = { runId: 1, index: 4, round: 2, seats: [1, 0] };
    const id = writer.begin(slot, headOf(replay));
    writer.append(id, replay.turns.slice(0, 3));
    const [listed] = reader.list();
    assert.deepEqual(
      { ...listed, head: undefined },
      { id, runId: 1, index: 4, round: 2, seats: [1, 0], pid: process.pid, head: undefined, turns: 3 },
    );
    assert.deepEqual(listed!.head, headOf(replay));
    assert.deepEqual(reader.turns(id, 1), replay.turns.slice(1, 3));

    // The same game started again (its process died) replaces what was left of it.
    const again = writer.begin(slot, headOf(replay));
    assert.deepEqual(
      reader.list().map((g) => [g.id, g.turns]),
      [[again, 0]],
    );
    writer.end(again);
    assert.deepEqual(reader.list(), []);
    writing.close();
    reading.close();
  });

  it("reach the server's pages: new games, their turns, and their end with the stored game's id", async () => {
    const { replay, result } = await playedMorris();
    const path = join(scratch(), 'watched.db');
    const store = new Store(path);
    const run = store.openRun('match', 'x', { kind: 'match', game: 'morris', bots: ['a', 'b'] }, 1);
    const hub = new LiveHub();
    const messages: ServerMessage[] = [];
    const page = hub.connect((m) => messages.push(m));
    const watch = new DatabaseWatch(store, hub);
    const writing = new Store(path);
    try {
      const writer = writing.live;
      const id = writer.begin({ runId: run.id, index: 0, round: 0, seats: [0, 1] }, headOf(replay));
      page.watch(liveKey(id));
      writer.append(id, replay.turns.slice(0, 5) as ReplayTurn[]);
      watch.poll();
      assert.equal(hub.playing().length, 1);
      writer.append(id, replay.turns.slice(5, 8) as ReplayTurn[]);
      watch.poll();
      const turns = messages.flatMap((m) => (m.type === 'turns' ? m.turns.map((t) => t.turn) : []));
      assert.deepEqual(turns, [1, 2, 3, 4, 5, 6, 7, 8]);

      const stored = store.recordGame(
        { runId: run.id, index: 0, round: 0, seats: [0, 1], result, times: seatTimes(replay), durationMs: 1 },
        replay,
      );
      writer.end(id);
      watch.poll();
      assert.deepEqual(messages.at(-2), { type: 'end', key: liveKey(id), result, storedId: stored });
      assert.deepEqual(messages.at(-1), { type: 'runs' });
      assert.equal(hub.playing().length, 0);
    } finally {
      writing.close();
      watch.stop();
      page.close();
      store.close();
    }
  });
});
