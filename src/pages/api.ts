/** The server as the pages see it: JSON over HTTP, and one WebSocket per tab for what changes. */
import type { ClientMessage, ServerMessage } from '../server/wire.js';

/** Whether the server is a contest's (`tabula ladder`), as the page's body says. */
export const onContestSite = (): boolean => document.body.dataset.site === 'contest';

/** The session's token against cross-site requests (a contest's pages): sent with every change asked. */
let csrf: string | null = null;

export function setCsrf(token: string | null): void {
  csrf = token;
}

export const getJson = <T>(path: string): Promise<T> => request<T>('GET', path);

export const postJson = <T>(path: string, value: unknown): Promise<T> => request<T>('POST', path, value);

/**
 * Asks the server, with a JSON body or a form: the answer's JSON, or an Error in the server's words
 * (its `{error}`; the text of a refusal that is no JSON, such as a proxy's). `keepalive`: the request
 * outlives the page (one sent as it is left; the browser takes at most 64 KiB of such bodies).
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  keepalive = false,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET' && csrf !== null) headers['x-csrf-token'] = csrf;
  let sent: BodyInit | undefined;
  if (body instanceof FormData) sent = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    sent = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, keepalive, ...(sent !== undefined && { body: sent }) });
  } catch {
    throw new Error('the server cannot be reached: is it running?');
  }
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!response.ok) {
    const said = (value as { error?: unknown } | undefined)?.error;
    throw new Error(typeof said === 'string' ? said : text.trim() || `${response.status} ${response.statusText}`);
  }
  if (value === undefined) throw new Error(`the server's answer to ${path} is not JSON`);
  return value as T;
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
