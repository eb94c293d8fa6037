/** `tabula worker --redis URL`: plays queued games of runs coordinated elsewhere, until Ctrl-C. */
import { defaultWorkerName, startWorker } from '../runs/workers/worker.js';
import { EXIT } from './errors.js';
import { exitNow, stopGracefullyWith } from './signals.js';

export async function workerCommand(options: {
  redis: string;
  concurrency: number;
  name?: string;
  lockMs: number;
  freshBots?: boolean;
}): Promise<void> {
  const name = options.name ?? defaultWorkerName();
  const worker = await startWorker({
    redis: options.redis,
    concurrency: options.concurrency,
    name,
    lockMs: options.lockMs,
    ...(options.freshBots && { freshBots: true }),
    onGame: (job, played) => {
      const r = played.result;
      const outcome = r.winner === null ? 'draw' : `seat ${r.winner} won`;
      process.stderr.write(`${name}: game ${job.plan.index} of run ${job.run}: ${outcome} in ${r.turns} turns\n`);
    },
    onRefusal: (run, reason) => process.stderr.write(`${name}: cannot play run ${run}: ${reason}\n`),
    onError: (message) => process.stderr.write(`tabula: worker ${name}: ${message}\n`),
  });
  process.stdout.write(`worker ${name}: taking games from ${options.redis}, ${options.concurrency} at a time\n`);
  await new Promise<void>((resolve) =>
    stopGracefullyWith(() => {
      if (worker.inHand() > 0)
        process.stderr.write(`${name}: finishing the games in hand (Ctrl-C again to stop at once)\n`);
      void worker.close().then(resolve);
    }),
  );
  // Stopped, its games handed back: the Redis clients' timers must not keep the process for seconds more.
  exitNow(EXIT.ok);
}
