/**
 * What clients send, checked before use: the WebSocket's messages and the body of `POST /api/play`.
 * A client is whatever reaches the server (a script as much as a page), so nothing it sends is
 * trusted for its shape. The schemas (valibot, the server's one validation library) live here, not
 * in wire.ts, whose types the pages import without any code coming along.
 */
import * as v from 'valibot';
import type { ClientMessage, StartRequest } from './wire.js';

/** Longer than any key the server gives (`123`, `live-7`, `play-2`, `file`), by far. */
const MAX_KEY = 100;
/** A person's move is one protocol line, no longer than the arena takes from a bot's pipe. */
const MAX_LINE = 1 << 16;

const key = v.pipe(v.string(), v.maxLength(MAX_KEY, `a game's key is at most ${MAX_KEY} characters`));
const line = v.pipe(
  v.string(),
  v.maxLength(MAX_LINE, `a move is at most ${MAX_LINE} characters`),
  v.regex(/^[^\r\n]*$/, 'a move is one line, without a line break'),
);

// Typed as the wire's types: a schema that drifted from them would not compile.
const clientMessage: v.GenericSchema<unknown, ClientMessage> = v.variant('type', [
  v.object({ type: v.literal('watch'), key }),
  v.object({ type: v.literal('move'), key, line }),
]);

const startRequest: v.GenericSchema<unknown, StartRequest> = v.object({
  game: v.pipe(v.string(), v.maxLength(MAX_KEY)),
  opponent: v.pipe(v.string(), v.maxLength(MAX_KEY)),
  seat: v.pipe(v.number(), v.integer('the seat is a whole number')),
  humanMs: v.exactOptional(v.pipe(v.number(), v.finite())),
});

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** A WebSocket message's text (or bytes), parsed and checked. */
export function parseClientMessage(data: string): Checked<ClientMessage> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { ok: false, error: 'a message is one JSON object' };
  }
  return check(clientMessage, value, 'a message');
}

/** The body of `POST /api/play`, as text, parsed and checked. */
export function parseStartRequest(body: string): Checked<StartRequest> {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, error: 'the body is not JSON: send {"game", "opponent", "seat", "humanMs"?}' };
  }
  return check(startRequest, value, 'the request');
}

function check<T>(schema: v.GenericSchema<unknown, T>, value: unknown, what: string): Checked<T> {
  const result = v.safeParse(schema, value);
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, error: `${what}: ${issueText(result.issues)}` };
}

/** The first issue, where it is (`line: ...`): one line, enough to find the mistake. */
export function issueText(issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): string {
  const issue = issues[0];
  const path = v.getDotPath(issue);
  if (!path) return issue.message;
  return issue.input === undefined ? `${path}: missing` : `${path}: ${issue.message}`;
}
