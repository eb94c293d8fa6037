/** The server as the pages see it: JSON over HTTP, and one WebSocket per tab for what changes. */
import type { ClientMessage, ServerMessage } from '../server/wire.js';

export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path);
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

export async function postJson<T>(path: string, value: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

type Listener = (message: ServerMessage) => void;

/** The tab's one socket: reconnects when it drops, and watches again what it watched. */
class Socket {
  private ws: WebSocket | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly watched = new Set<string>();
  private retry = 250;

  listen(listener: Listener): () => void {
    this.open();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  watch(key: string): void {
    this.watched.add(key);
    this.send({ type: 'watch', key });
  }

  send(message: ClientMessage): void {
    this.open();
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private open(): void {
    if (this.ws) return;
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 250;
      for (const key of this.watched) ws.send(JSON.stringify({ type: 'watch', key }));
      // What changed while the socket was down is fetched again.
      for (const l of this.listeners) l({ type: 'runs' });
    };
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      for (const l of this.listeners) l(message);
    };
    ws.onclose = () => {
      this.ws = null;
      setTimeout(() => this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    };
  }
}

export const socket = new Socket();
