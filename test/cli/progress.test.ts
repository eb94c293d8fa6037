import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { runProgress } from '../../src/cli/progress.js';
import { storedGame } from '../support/runs.js';

/** A stream that is not a terminal, keeping what is written to it. */
function logFile(): Writable & { readonly text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return Object.assign(stream, { text: () => text });
}

describe('progress written to a log (stderr not a terminal)', () => {
  it('is a plain line every interval: games done, rate, ETA, the run status, failures', async () => {
    const bots = ['a', 'b'];
    const stored = [storedGame(bots, { index: 0, round: 0, seats: [0, 1], winner: 0 })];
    const log = logFile();
    const progress = runProgress({ json: false, total: 6, stored, runId: 7, stream: log, intervalMs: 20 });
    const crash = { seat: 1, status: 'crash', message: 'exited' } as const;
    progress.game(storedGame(bots, { index: 1, round: 0, seats: [1, 0], winner: 1, failure: crash }), 'W 2 D 0 L 0');
    await sleep(100);
    const during = log.text();
    progress.stop();
    const lines = log.text().trim().split('\n');
    assert.equal(lines[0], 'run 7: 1/6 games, failures 0', 'the games stored before count; no rate yet');
    assert.match(
      during.trim().split('\n').at(-1)!,
      /^run 7: 2\/6 games, [\d.]+ games\/min, ETA \d+(s|m \d\ds|h \d\dm), W 2 D 0 L 0, failures 1$/,
    );
    assert.ok(lines.length >= 3, 'a line every interval, and one at the end');
    assert.ok(!log.text().includes('\r') && !log.text().includes('\u001b'), 'no bar drawing');
  });
});
