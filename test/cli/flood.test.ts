/**
 * A bot may add a comment to its move; one that writes 65,000 characters of it every turn must not
 * slow the other games down (storing its replays once stalled the arena for hundreds of
 * milliseconds, and innocent bots timed out), nor fill the replay and the database.
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { defaultOutputCaps } from '../../src/arena/bot-output.js';
import type { Replay } from '../../src/arena/replay.js';
import { root, slack, tabula } from '../support/cli.js';

interface BotSummary {
  readonly turns: { readonly maxMs: number };
  readonly endings: { readonly timeout: number };
}

/** A round-robin of the Mills bot in `mode` and two built-in bots, three games at once; the built-in bots' worst turn. */
async function roundRobin(mode: string): Promise<{ db: string; worst: number; summary: { bots: BotSummary[] } }> {
  const db = join(await mkdtemp(join(tmpdir(), 'tabula-flood-')), 'runs.db');
  const bot = `python3 ${join(root, 'test/fixtures/bots/mills_first.py')} ${mode}`;
  const args = ['tournament', 'mills', bot, 'builtin:random', 'builtin:random', '--concurrency', '3', '--seed', '1'];
  const run = await tabula([...args, '--db', db, '--json', ...slack]);
  assert.equal(run.code, 0, run.stderr);
  const summary = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
  const innocent = summary.bots.slice(1) as BotSummary[];
  return { db, worst: Math.max(...innocent.map((b) => b.turns.maxMs)), summary };
}

describe('a bot that writes 65,000 characters of comment every turn', () => {
  it('does not slow the other bots down, nor fill the replays and the database', async () => {
    const quiet = await roundRobin('play');
    const flood = await roundRobin('comments');
    // The same games, one bot commenting at length: the others' worst turn stays what it is without
    // it (on a busy machine, up to a few tens of milliseconds either way). Storing a flooded replay
    // on the main thread took 400 to 3,000 ms here; the margin is far below that and far above noise.
    assert.ok(
      flood.worst < 2 * quiet.worst + 150,
      `the built-in bots' worst turn: ${flood.worst} ms beside the commenting bot, ${quiet.worst} ms without it`,
    );
    for (const b of flood.summary.bots) assert.equal(b.endings.timeout, 0);

    const replay = JSON.parse((await tabula(['replay', '1', '--db', flood.db])).stdout) as Replay;
    const commented = replay.turns.filter((t) => t.comment !== undefined);
    assert.ok(commented.length > 10);
    const { perTurn, perGame } = defaultOutputCaps;
    for (const t of commented) {
      assert.ok(t.comment!.length <= perTurn && t.output[0]!.length <= perTurn);
      assert.equal(t.comment!.length + t.commentDropped!, 65_000, 'what was dropped is counted');
      assert.ok(t.outputDropped! > 60_000);
    }
    const kept = commented.reduce((n, t) => n + t.comment!.length + t.output[0]!.length, 0);
    assert.ok(kept <= perGame, `${kept} characters kept of one seat's output`);
    assert.ok(statSync(flood.db).size < 4 * statSync(quiet.db).size + (4 << 20), 'the database stays small');
  });
});
