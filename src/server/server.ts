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
import { WebSocketServer } from 'ws';
import { type ArenaSources, arenaApp } from './app.js';
import { DatabaseWatch } from './database-watch.js';
import { allowedHosts, hostAllowed, originAllowed } from './host-check.js';
import { readBundle } from './page-html.js';
import type { ClientMessage, ServerMessage } from './wire.js';

export interface ServeOptions {
  readonly host: string;
  /** 0 for any free port. */
  readonly port: number;
}

export interface RunningArena {
  /** `http://127.0.0.1:8080/` */
  readonly url: string;
  /** Stops serving: pages are disconnected, the database is no longer read. */
  close(): Promise<void>;
}

export async function serveArena(sources: ArenaSources, options: ServeOptions): Promise<RunningArena> {
  let allowed: ReadonlySet<string> = new Set();
  const { app } = await arenaApp(sources, readBundle(), () => allowed);
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });

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
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const send = (message: ServerMessage) => ws.send(JSON.stringify(message));
      const page = sources.hub.connect(send);
      ws.on('message', (data) => {
        let message: ClientMessage;
        try {
          message = JSON.parse(String(data)) as ClientMessage;
        } catch {
          return;
        }
        if (message.type === 'watch') page.watch(message.key);
        else if (message.type === 'move') {
          const error = sources.people?.move(message.key, message.line) ?? 'this server plays no games';
          if (error !== null) send({ type: 'refused', key: message.key, line: message.line, error });
        }
      });
      ws.on('close', () => page.close());
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  allowed = allowedHosts(options.host, port);
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host;

  const watching = sources.database ? new DatabaseWatch(sources.database, sources.hub) : null;
  // `tabula view`: the page reloads when the file is written again (a new --replay of the same game).
  const fileWatch = sources.file ? watchFile(sources.file, () => sources.hub.broadcast({ type: 'reload' })) : null;

  return {
    url: `http://${urlHost}:${port}/`,
    close: async () => {
      watching?.stop();
      fileWatch?.close();
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

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
