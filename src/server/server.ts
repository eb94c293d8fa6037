/**
 * The web arena's server: Node's HTTP with the routes of app.ts, and one WebSocket per page on /ws
 * for what changes (new games, live turns, a person's turn). Nothing is bundled here: the pages
 * come built (npm run build).
 */
import { watch } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname } from 'node:path';
import type { Duplex } from 'node:stream';
import { createAdaptorServer } from '@hono/node-server';
import { type WebSocket, WebSocketServer } from 'ws';
import { type ArenaSources, arenaApp } from './app.js';
import { parseClientMessage } from './client-input.js';
import { DatabaseWatch } from './database-watch.js';
import { ServeError } from './errors.js';
import { allowedHosts, hostAllowed, isLoopback, originAllowed } from './host-check.js';
import type { LiveHub } from './live-hub.js';
import { readBundle } from './page-html.js';
import type { PersonGames } from './person-games.js';
import type { ServerMessage } from './wire.js';

/** The largest WebSocket message taken; a larger one closes the connection. */
const MAX_MESSAGE_BYTES = 1 << 20;
/**
 * What may wait unsent to one page: a watch sends a game's turns so far, and a client that asks
 * again and again without reading would otherwise grow the server until it runs out of memory.
 */
const MAX_UNSENT_BYTES = 64 << 20;

export interface ServeOptions {
  readonly host: string;
  /** 0 for any free port. */
  readonly port: number;
}

export interface RunningArena {
  /** `http://127.0.0.1:8080/` */
  readonly url: string;
  /** Whether it listens on an address that other machines may reach (not loopback). */
  readonly exposed: boolean;
  /** Stops serving: pages are disconnected, the database is no longer read. */
  close(): Promise<void>;
}

export async function serveArena(sources: ArenaSources, options: ServeOptions): Promise<RunningArena> {
  let allowed: ReadonlySet<string> = new Set();
  const { app } = await arenaApp(sources, readBundle(), () => allowed);
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  server.on('upgrade', (request, socket: Duplex, head) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (
      path !== '/ws' ||
      !hostAllowed(allowed, request.headers.host) ||
      !originAllowed(allowed, request.headers.origin)
    ) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => pageSocket(ws, sources.hub, sources.people));
  });

  await listen(server, options);
  // Once listening, an error of the server (out of file descriptors, say) must not end it.
  server.on('error', (err) => process.stderr.write(`tabula: the server: ${err.message}\n`));
  const { port, address } = server.address() as AddressInfo;
  allowed = allowedHosts(options.host, port);
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host;

  const watching = sources.database ? new DatabaseWatch(sources.database, sources.hub) : null;
  // A contest's standings and submissions change between games too: every page fetches again.
  const contestChanges = sources.site?.onChange(() => sources.hub.broadcast({ type: 'runs' }));
  // `tabula view`: the page reloads when the file is written again (a new --replay of the same game).
  const fileWatch = sources.file ? watchFile(sources.file, () => sources.hub.broadcast({ type: 'reload' })) : null;

  return {
    url: `http://${urlHost}:${port}/`,
    exposed: !isLoopback(address),
    close: async () => {
      watching?.stop();
      contestChanges?.();
      fileWatch?.close();
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * One page's WebSocket: every message checked against the wire's schema before use; one that fails
 * is answered with an error and the connection goes on, as does the server whatever a client sends.
 */
function pageSocket(ws: WebSocket, hub: LiveHub, people: PersonGames | undefined): void {
  const send = (message: ServerMessage) => {
    if (ws.bufferedAmount > MAX_UNSENT_BYTES) return ws.terminate();
    ws.send(JSON.stringify(message));
  };
  const page = hub.connect(send);
  ws.on('message', (data, isBinary) => {
    const checked = isBinary
      ? { ok: false as const, error: 'a message is text: one JSON object' }
      : parseClientMessage(String(data));
    if (!checked.ok) return send({ type: 'error', error: checked.error });
    const message = checked.value;
    try {
      if (message.type === 'watch') page.watch(message.key);
      else {
        const error = people ? people.move(message.key, message.line) : 'this server plays no games';
        if (error !== null) send({ type: 'refused', key: message.key, line: message.line, error });
      }
    } catch (err) {
      // A fault of Tabula (a game's parser that throws, say): reported, and the server goes on.
      process.stderr.write(`tabula: internal error on a ${message.type} message: ${(err as Error).stack ?? err}\n`);
      send({ type: 'error', error: `internal error: ${(err as Error).message}` });
    }
  });
  // A frame that breaks the protocol (or is over maxPayload) closes the connection; unheard, the
  // error would end the server.
  ws.on('error', () => ws.terminate());
  ws.on('close', () => page.close());
}

/** Listens, or says in one line why it cannot: a mistake of the user's address or port, mostly. */
async function listen(server: Server, options: ServeOptions): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((err: NodeJS.ErrnoException) => {
    const where = `${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}`;
    const why = LISTEN_ERRORS[err.code ?? ''];
    throw why ? new ServeError(`cannot serve on ${where}: ${why}`) : err;
  });
}

const LISTEN_ERRORS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the port is in use by another program (--port 0 takes any free port)',
  EACCES: 'no permission to listen there (ports below 1024 need privileges; --port 0 takes any free port)',
  EADDRNOTAVAIL: 'the address is not one of this machine (--host takes one of its addresses, or 0.0.0.0 for all)',
  ENOTFOUND: 'no such host (--host takes a name or an address of this machine)',
  EAI_AGAIN: 'the host name could not be looked up (--host takes a name or an address of this machine)',
  EAI_FAIL: 'the host name could not be looked up (--host takes a name or an address of this machine)',
};

/** Calls `changed` once after a burst of changes to the file (an editor or a rename writes several times). */
function watchFile(path: string, changed: () => void): { close(): void } {
  let timer: NodeJS.Timeout | undefined;
  // Watch the folder: a file replaced by a rename (as replays are written) is a new file to a watch on it.
  const name = basename(path);
  const watcher = watch(dirname(path), (_event, file) => {
    if (file !== name) return;
    clearTimeout(timer);
    timer = setTimeout(changed, 100);
  });
  return {
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
