/**
 * A request body's limit (413 beyond) whose answer reaches every client, also one that sends its
 * whole body before it reads an answer (Python's urllib): the answer is written at once, and the
 * connection is kept while the rest of the body is read and dropped, up to DRAIN_BYTES or DRAIN_MS,
 * then closed. Closed sooner, with the body still coming, the client meets a broken pipe or a reset
 * instead of the answer. Nothing of the body past the limit is kept.
 */
import type { Context, MiddlewareHandler } from 'hono';

/** How much of an over-limit body is read and dropped at most, and for how long, before the connection is closed. */
export const DRAIN_BYTES = 32 << 20;
export const DRAIN_MS = 5000;

/** Refuses a body over `maxSize` bytes, announced or sent, with 413 and `{"error": error}`. */
export function bodyLimit(maxSize: number, error: string): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const announced = c.req.header('content-length');
    if (announced !== undefined && !c.req.raw.headers.has('transfer-encoding')) {
      if (Number(announced) <= maxSize) return next();
      return tooLarge(c, body.getReader(), 0, error);
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxSize) return tooLarge(c, reader, size, error);
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}

/**
 * The 413 answer: its bytes are sent at once, but it ends (and the connection is closed) only once
 * the rest of the body has been read and dropped, or the bounds are reached.
 */
function tooLarge(c: Context, reader: ReadableStreamDefaultReader<Uint8Array>, read: number, error: string): Response {
  const text = new TextEncoder().encode(`${JSON.stringify({ error })}\n`);
  const answer = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(text);
      void drain(reader, read).finally(() => {
        try {
          controller.close();
        } catch {
          // The client went away: nothing is left to end.
        }
      });
    },
  });
  return c.body(answer, 413, {
    'content-type': 'application/json',
    'content-length': `${text.length}`,
    connection: 'close',
  });
}

/** Reads and drops what is left of a body, within the bounds; never throws. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DRAIN_MS);
  });
  try {
    for (let bytes = read; bytes <= DRAIN_BYTES; ) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === 'late' || chunk.done) return;
      bytes += chunk.value.length;
    }
  } catch {
    // The client closed the connection: nothing is left to read.
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
}
