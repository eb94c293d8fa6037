/** The worker thread of `GameWriter`: it owns the writes of finished games (compression included). */
import { parentPort, workerData } from 'node:worker_threads';
import { StoreError } from './errors.js';
import type { WriterReply, WriterRequest } from './game-writer.js';
import { Store } from './store.js';

const store = new Store((workerData as { path: string }).path);
const port = parentPort!;
port.on('message', (message: WriterRequest) => {
  if (message.kind === 'close') {
    store.close();
    port.close();
    return;
  }
  let reply: WriterReply;
  try {
    reply = { request: message.request, id: store.recordGame(message.game, message.replayJson) };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    reply = { request: message.request, error, ...(err instanceof StoreError && { store: true as const }) };
  }
  port.postMessage(reply);
});
