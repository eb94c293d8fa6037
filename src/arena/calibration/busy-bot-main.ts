/** The busy bot's process (see busy-bot.ts): one argument, the number of threads it keeps busy. */
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

function spin(ms: number): void {
  for (const end = performance.now() + ms; performance.now() < end; );
}

if (isMainThread) {
  const threads = Math.max(1, Number(process.argv[2] ?? 1));
  const helpers = Array.from({ length: threads - 1 }, () => new Worker(fileURLToPath(import.meta.url)));
  const input = createInterface({ input: process.stdin });
  let answered: Promise<unknown> = Promise.resolve();
  input.on('line', (line) => {
    const ms = Number(line);
    const done = helpers.map((w) => new Promise((resolve) => w.once('message', resolve)));
    for (const w of helpers) w.postMessage(ms);
    spin(ms);
    answered = Promise.all(done).then(() => process.stdout.write('done\n'));
  });
  // The helpers would keep the process alive: it ends with its input, once its last answer is out.
  input.on('close', () => void answered.then(() => process.exit(0)));
} else {
  parentPort!.on('message', (ms: number) => {
    spin(ms);
    parentPort!.postMessage(0);
  });
}
