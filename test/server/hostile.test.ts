/**
 * The web arena against a hostile client: real servers (`tabula serve`, `tabula play ... human`,
 * `tabula view`) as processes, real HTTP and WebSockets, real bot processes. Whatever a client
 * sends, the server answers clearly and lives on (a later good request works), and no stack trace
 * reaches a user: not on the servers' stderr, not from a command that refuses to serve.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect as connectSocket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { residentMb } from '../../src/core/proc.js';
import { millis } from '../../src/core/units.js';
import { Store } from '../../src/runs/store/store.js';
import { LiveHub } from '../../src/server/live-hub.js';
import { PERSON_GAME_LIMITS, PersonGames } from '../../src/server/person-games.js';
import { serveArena } from '../../src/server/server.js';
import type { Ask, GameData, RunsData, ServerMessage } from '../../src/server/wire.js';
import { type Run, slack, tabula } from '../support/cli.js';
import { api, type RunningLadder, startLadder } from '../support/ladder.js';
import { browser, browserSkip, pageErrors, type Served, scratch, serving } from '../support/web.js';

/** A stack trace's frames: none may reach a user. */
const STACK = /\n\s+at /;

/** Exit code 2, nothing on stdout, one line on stderr: `tabula: ` and what matches `message`. */
function assertMistake(run: Run, message: RegExp, what: string): void {
  assert.equal(run.code, 2, `${what}: ${run.stderr}`);
  assert.equal(run.stdout, '', what);
  assert.match(run.stderr, /^tabula: [^\n]*\n$/, `${what}: one line: ${JSON.stringify(run.stderr)}`);
  assert.match(run.stderr, message, what);
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** An HTTP request as a script sends it: any headers or none, from a chosen local address. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.from && { localAddress: options.from }),
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * A body of `bytes` bytes streamed in 64 KiB chunks, announced by Content-Length or chunked; the
 * server's answer, which comes (and the connection goes) before the body is sent whole.
 */
function sendLarge(url: string, origin: string, bytes: number, announced: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        origin,
        'content-type': 'application/json',
        ...(announced ? { 'content-length': `${bytes}` } : { 'transfer-encoding': 'chunked' }),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    // The server closes the connection after its answer: the writes left fail, as they should.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** A WebSocket to the server, with the messages it got, in order. */
interface Client {
  readonly ws: WebSocket;
  readonly messages: ServerMessage[];
  /** Resolves with 'open', or 'refused' when the upgrade is refused. */
  readonly opened: Promise<'open' | 'refused'>;
  readonly closed: Promise<number>;
  sendJson(value: unknown): void;
  /** The first message, from now on or already got, that `test` accepts. */
  next<T extends ServerMessage>(test: (m: ServerMessage) => m is T, timeoutMs?: number): Promise<T>;
}

function connect(url: string, headers: Record<string, string>): Client {
  const ws = new WebSocket(`${url.replace('http', 'ws')}ws`, { headers });
  const messages: ServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as ServerMessage));
  const opened = new Promise<'open' | 'refused'>((resolve) => {
    ws.on('open', () => resolve('open'));
    ws.on('error', () => resolve('refused'));
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return {
    ws,
    messages,
    opened,
    closed,
    sendJson: (value) => ws.send(JSON.stringify(value)),
    next: async <T extends ServerMessage>(test: (m: ServerMessage) => m is T, timeoutMs = 20_000) => {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(test);
        if (found) return found;
        if (Date.now() > end) throw new Error(`no such message; got ${JSON.stringify(messages).slice(0, 2000)}`);
        await sleep(20);
      }
    },
  };
}

const isError = (m: ServerMessage): m is Extract<ServerMessage, { type: 'error' }> => m.type === 'error';
const isAsk =
  (key: string) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: 'ask' }> & { ask: Ask } =>
    m.type === 'ask' && m.key === key && m.ask !== null;

/** Morris sends the seat its legal commands last: a count line, then one command a line. */
const legalCommand = (input: readonly string[]): string => input.at(-1)!;

/** The processes under `pid` (children, theirs, and so on) whose command line has `marker`. */
function descendants(pid: number, marker: string): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const under = (p: number): boolean => {
    for (let q = parent.get(p); q !== undefined && q > 1; q = parent.get(q)) if (q === pid) return true;
    return false;
  };
  return [...parent.keys()].filter((p) => {
    if (!under(p)) return false;
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  });
}

/** Stops a server and checks that it stopped cleanly and never printed a stack trace. */
async function stopClean(served: Served): Promise<void> {
  await served.stop();
  assert.doesNotMatch(served.stderr(), STACK, 'no stack trace on stderr');
}

describe('tabula serve against a hostile client', () => {
  let served: Served;
  let origin: string;
  before(async () => {
    served = await serving(['serve', '--db', join(scratch(), 'tabula.db'), '--port', '0']);
    origin = served.url.slice(0, -1);
  });
  after(async () => {
    await stopClean(served);
    assert.equal(served.stderr(), '', 'nothing on stderr: no warning on loopback, no error');
  });

  const start = (body: unknown, from?: string) =>
    send(`${served.url}api/play`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...(from && { from }),
    });
  /** The server answers a good request. */
  const alive = async () => {
    const runs = await send(`${served.url}api/runs`, { headers: {} });
    assert.equal(runs.status, 200);
    assert.ok((JSON.parse(runs.body) as RunsData).runs);
  };

  it('says frame-ancestors on its pages: no other site frames them', async () => {
    for (const path of ['/', '/play', '/games/1', '/api/runs']) {
      const page = await send(`${served.url.slice(0, -1)}${path}`);
      assert.match(String(page.headers['content-security-policy']), /frame-ancestors 'self'/, path);
      assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN', path);
    }
  });

  it('takes WebSockets and posts only with its own Origin: not another site’s, not "null", not none', async () => {
    // Browsers send Origin on every upgrade and post; a request without one is no page of this server.
    for (const headers of [{}, { origin: 'http://evil.example' }, { origin: 'null' }])
      assert.equal(await connect(served.url, headers).opened, 'refused', JSON.stringify(headers));
    const own = connect(served.url, { origin });
    assert.equal(await own.opened, 'open');
    own.ws.close();
    for (const headers of [{}, { origin: 'http://evil.example' }, { origin: 'null' }]) {
      const answer = await send(`${served.url}api/play`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'morris', opponent: 'random', seat: 0 }),
      });
      assert.equal(answer.status, 403, JSON.stringify(headers));
      assert.match(answer.body, /cross-site request refused/);
    }
    await alive();
  });

  it('answers each message that is not the wire’s with an error, and lives on', async () => {
    const client = connect(served.url, { origin });
    assert.equal(await client.opened, 'open');
    const bad = [
      'null',
      '12',
      '"x"',
      '[]',
      '{}',
      'not json',
      '{"type":"move"}',
      '{"type":"resign","key":"play-1"}',
      '{"type":"watch","key":12}',
      '{"type":"watch","key":null}',
      `{"type":"watch","key":"${'k'.repeat(1000)}"}`,
      '{"type":"move","key":"play-1","line":{"a":1}}',
      '{"type":"move","key":"play-1","line":null}',
      '{"type":"move","key":"play-1","line":12}',
      '{"type":"move","key":"play-1","line":"PLACE;A1\\nPLACE;A4"}',
    ];
    for (const text of bad) client.ws.send(text);
    client.ws.send(Buffer.from([0xff, 0x00, 0x7b]), { binary: true });
    const errors = () => client.messages.filter(isError);
    for (let i = 0; i < 100 && errors().length < bad.length + 1; i++) await sleep(20);
    assert.equal(errors().length, bad.length + 1, 'one error a message');
    const said = errors().map((m) => m.error);
    assert.match(said[0]!, /^a message: .*Expected Object but received null/);
    assert.match(said[5]!, /a message is one JSON object/);
    assert.match(said[11]!, /^a message: line: .*Expected string/);
    assert.match(said[14]!, /one line/);
    assert.match(said.at(-1)!, /a message is text/);
    // The connection goes on: a good message is still taken.
    client.sendJson({ type: 'watch', key: 'play-999' });
    await sleep(100);
    assert.equal(errors().length, bad.length + 1);
    client.ws.close();
    await alive();
  });

  it('closes the connection of a message over 1 MiB, not the server', async () => {
    const client = connect(served.url, { origin });
    assert.equal(await client.opened, 'open');
    client.ws.send(JSON.stringify({ type: 'move', key: 'play-1', line: 'x'.repeat(2 << 20) }));
    // 1009: the message is too big (or 1006, dropped, should the server's end come first).
    assert.ok([1009, 1006].includes(await client.closed));
    await alive();
  });

  it("takes a person's legal move without refusing it, and refuses a move that is not a string in the game it started", async () => {
    // The person moves first: the bot's first turn, slow to start on a busy machine, is no part of this.
    const started = await start({ game: 'morris', opponent: 'random', seat: 0 });
    assert.equal(started.status, 200, started.body);
    const { key } = JSON.parse(started.body) as { key: string };
    const client = connect(served.url, { origin });
    assert.equal(await client.opened, 'open');
    client.sendJson({ type: 'watch', key });
    const { ask } = await client.next(isAsk(key));
    for (const line of [{ a: 1 }, null, 12]) client.sendJson({ type: 'move', key, line });
    for (let i = 0; i < 100 && client.messages.filter(isError).length < 3; i++) await sleep(20);
    assert.equal(client.messages.filter(isError).length, 3);
    const line = legalCommand(ask.input);
    client.sendJson({ type: 'move', key, line });
    await client.next(
      (m): m is Extract<ServerMessage, { type: 'turns' }> =>
        m.type === 'turns' && m.turns.some((t) => t.turn === ask.turn && t.output[0] === line),
    );
    await sleep(200);
    assert.deepEqual(
      client.messages.filter((m) => m.type === 'refused'),
      [],
      'a move taken is not refused',
    );
    client.ws.close();
  });

  it('refuses a body that is not JSON, or not a start, with 400 and what is wrong', async () => {
    const cases: [string, RegExp][] = [
      ['{"game": "morris", ', /the body is not JSON/],
      ['', /the body is not JSON/],
      ['null', /the request: .*Expected Object/],
      ['[]', /the request: game: missing/],
      ['{"game":"morris","opponent":"random","seat":"0"}', /seat: .*Expected number/],
      ['{"game":"morris","opponent":"random","seat":0.5}', /seat is a whole number/],
      ['{"game":{"a":1},"opponent":"random","seat":0}', /game: .*Expected string/],
      ['{"game":"chess","opponent":"random","seat":0}', /no game chess/],
      ['{"game":"morris","opponent":"nobody","seat":0}', /has no built-in bot nobody/],
      ['{"game":"morris","opponent":"random","seat":7}', /the seat is 0 to 1/],
    ];
    for (const [body, message] of cases) {
      const answer = await start(body);
      assert.equal(answer.status, 400, body);
      assert.match((JSON.parse(answer.body) as { error: string }).error, message, body);
    }
    await alive();
  });

  it('refuses a body over 16 KiB with 413, announced or not, without keeping it', async () => {
    const before = residentMb(served.child.pid!)!;
    const announced = await sendLarge(`${served.url}api/play`, origin, 200 << 20, true);
    assert.equal(announced.status, 413);
    assert.match(announced.body, /over 16384 bytes/);
    const chunked = await sendLarge(`${served.url}api/play`, origin, 50 << 20, false);
    assert.equal(chunked.status, 413);
    assert.ok(
      residentMb(served.child.pid!)! < before + 50,
      `grew from ${before} MB to ${residentMb(served.child.pid!)!}`,
    );
    await alive();
  });
});

describe('the caps on games started by clients', () => {
  let served: Served;
  let origin: string;
  before(async () => {
    served = await serving(['serve', '--db', ':memory:', '--port', '0']);
    origin = served.url.slice(0, -1);
  });
  after(() => stopClean(served));

  it(`starts ${PERSON_GAME_LIMITS.perClient} games at once per client (429 past that) and ${PERSON_GAME_LIMITS.inAll} in all (503), saying why`, async () => {
    const { perClient, inAll } = PERSON_GAME_LIMITS;
    // Clients from several addresses: all of 127.0.0.0/8 is this machine's loopback.
    const addresses = Array.from({ length: Math.ceil(inAll / perClient) + 1 }, (_, i) => `127.0.0.${i + 2}`);
    const statuses: number[] = [];
    let tooMany = '';
    let full = '';
    for (const from of addresses)
      for (let i = 0; i <= perClient; i++) {
        const answer = await send(`${served.url}api/play`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ game: 'morris', opponent: 'random', seat: 0 }),
          from,
        });
        statuses.push(answer.status);
        const { error } = JSON.parse(answer.body) as { error?: string };
        if (answer.status === 429) tooMany = error!;
        if (answer.status === 503) full = error!;
      }
    assert.equal(statuses.filter((s) => s === 200).length, inAll);
    assert.deepEqual(statuses.slice(0, perClient + 1), [...Array(perClient).fill(200), 429]);
    assert.match(tooMany, new RegExp(`you are playing ${perClient} games here, as many as one client may at once`));
    assert.match(full, new RegExp(`this server is playing ${inAll} games with people, as many as it plays at once`));
    assert.equal(statuses.at(-1), 503);
    // A game shows as played once its bots have started.
    let live = 0;
    for (let i = 0; i < 250 && live < inAll; i++) {
      live = (JSON.parse((await send(`${served.url}api/runs`)).body) as RunsData).live.length;
      if (live < inAll) await sleep(40);
    }
    assert.equal(live, inAll, 'the games being played');
  });
});

describe("a person's game nobody watches", () => {
  it('ends after a while: its seats closed, its bot processes ended, not stored; a watched one goes on', async () => {
    const dir = scratch();
    const store = new Store(join(dir, 'tabula.db'));
    const hub = new LiveHub();
    const unwatchedMs = millis(3000);
    const people = new PersonGames(hub, store, { ...PERSON_GAME_LIMITS, unwatchedMs });
    const arena = await serveArena({ hub, database: store, people }, { host: '127.0.0.1', port: 0 });
    const origin = arena.url.slice(0, -1);
    try {
      const start = async () => {
        const answer = await send(`${arena.url}api/play`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          // The person moves first: no bot is asked anything.
          body: JSON.stringify({ game: 'morris', opponent: 'random', seat: 0 }),
        });
        assert.equal(answer.status, 200, answer.body);
        return (JSON.parse(answer.body) as { key: string }).key;
      };
      const game = async (key: string) => JSON.parse((await send(`${arena.url}api/games/${key}`)).body) as GameData;
      const earlier = new Set(descendants(process.pid, 'arena/builtin/main.js'));
      const watched = await start();
      const left = await start();
      const never = await start();
      const page = connect(arena.url, { origin });
      const other = connect(arena.url, { origin });
      assert.equal(await page.opened, 'open');
      assert.equal(await other.opened, 'open');
      page.sendJson({ type: 'watch', key: watched });
      other.sendJson({ type: 'watch', key: left });
      await page.next(isAsk(watched));
      await other.next(isAsk(left));
      // Bots of this test only, and a count that holds twice in a row: a process of an earlier test may
      // still be on its way out, and one of these on its way in.
      const bots = async (count: number) => {
        const seen = () => descendants(process.pid, 'arena/builtin/main.js').filter((pid) => !earlier.has(pid)).length;
        let last = -1;
        for (let i = 0; i < 250; i++) {
          const now = seen();
          if (now === count && last === count) break;
          last = now;
          await sleep(40);
        }
        return seen();
      };
      assert.equal(await bots(3), 3, 'a bot process per game');
      // The page of `left` goes; `never` never had one.
      other.ws.close();
      // Until both have ended; the watched one started before either, so it would have ended with them.
      for (let i = 0; i < 200 && ((await game(left)).live || (await game(never)).live); i++) await sleep(50);
      assert.equal((await game(watched)).live, true, 'a watched game goes on');
      for (const key of [left, never]) {
        const ended = await game(key);
        assert.equal(ended.live, false, key);
        assert.equal(ended.storedId, undefined, `${key} is not stored`);
      }
      assert.equal(await bots(1), 1, "the ended games' bots are gone");
      assert.deepEqual(store.runs(), [], 'nothing stored');
      page.ws.close();
    } finally {
      await people.close();
      await arena.close();
      store.close();
    }
  });
});

describe('tabula play with a person, against a hostile client', () => {
  it('lives through messages that are not the wire’s, and takes the next legal move', async () => {
    const served = await serving(['play', 'morris', 'human', 'builtin:random', '--seed', '5']);
    try {
      const url = new URL(served.url);
      const key = url.pathname.split('/').at(-1)!;
      const client = connect(`${url.origin}/`, { origin: url.origin });
      assert.equal(await client.opened, 'open');
      for (const text of ['null', '12', '"x"']) client.ws.send(text);
      client.sendJson({ type: 'watch', key });
      const { ask } = await client.next(isAsk(key));
      for (const line of [{ a: 1 }, null, 12]) client.sendJson({ type: 'move', key, line });
      const line = legalCommand(ask.input);
      client.sendJson({ type: 'move', key, line });
      await client.next(
        (m): m is Extract<ServerMessage, { type: 'turns' }> =>
          m.type === 'turns' && m.turns.some((t) => t.turn === ask.turn && t.output[0] === line),
      );
      assert.equal(client.messages.filter(isError).length, 6);
      assert.deepEqual(
        client.messages.filter((m) => m.type === 'refused'),
        [],
      );
      assert.equal(served.child.exitCode, null, 'still serving the game');
      client.ws.close();
    } finally {
      await stopClean(served);
    }
  });
});

describe('serving beyond this machine', () => {
  it('warns once on stderr that anyone who reaches it can start games, and how to restrict it', async () => {
    const served = await serving(['serve', '--db', ':memory:', '--host', '0.0.0.0', '--port', '0']);
    try {
      for (let i = 0; i < 50 && !served.stderr().includes('\n'); i++) await sleep(20);
      const lines = served.stderr().trimEnd().split('\n');
      assert.equal(lines.length, 1, served.stderr());
      assert.match(
        lines[0]!,
        /^tabula: warning: serving on 0\.0\.0\.0, beyond this machine: anyone who reaches it can start games/,
      );
      assert.match(lines[0]!, /serve on 127\.0\.0\.1 \(the default\)/);
    } finally {
      await stopClean(served);
    }
  });
});

describe('a user mistake in what to serve: one line, exit 2', () => {
  let dir: string;
  let good: string;
  before(async () => {
    dir = scratch();
    good = join(dir, 'good.json');
    const run = await tabula(['play', 'morris', 'builtin:random', 'builtin:random', '--seed', '3', '--replay', good]);
    assert.equal(run.code, 0, run.stderr);
  });

  it('tabula view refuses a file that is no replay, before serving', async () => {
    const replay = JSON.parse(await readFile(good, 'utf8')) as Record<string, unknown> & { turns: unknown[] };
    const text = await readFile(good, 'utf8');
    /** A file's content; or a folder of that name, or nothing at all. */
    const files: [string, string | { folder: true } | { absent: true }, RegExp][] = [
      ['notes.txt', 'not a replay\n', /notes\.txt is not a replay file: not JSON/],
      ['cut.json', text.slice(0, 500), /cut\.json is not a replay file: not JSON/],
      ['empty.json', '', /empty\.json is not a replay file: not JSON \(it is empty\)/],
      ['list.json', '[]', /list\.json is not a replay file: it holds a list/],
      ['number.json', '12', /number\.json is not a replay file: it holds no object/],
      [
        'v99.json',
        JSON.stringify({ ...replay, version: 99 }),
        /v99\.json is a replay of version 99, and this Tabula reads version 1/,
      ],
      [
        'chess.json',
        JSON.stringify({ ...replay, game: 'chess' }),
        /chess\.json is a replay of "chess", a game Tabula does not know/,
      ],
      [
        'result.json',
        JSON.stringify({ ...replay, result: undefined }),
        /result\.json is not a replay file: result: missing/,
      ],
      [
        'turn.json',
        JSON.stringify({ ...replay, turns: [{ ...(replay.turns[0] as object), input: 'x' }] }),
        /turn\.json is not a replay file: turns\.0\.input: .*Expected Array/,
      ],
      ['folder.json', { folder: true }, /folder\.json is a directory, not a replay file/],
      ['absent.json', { absent: true }, /no replay file at .*absent\.json/],
    ];
    for (const [name, content, message] of files) {
      const path = join(dir, name);
      if (typeof content === 'string') await writeFile(path, content);
      else if ('folder' in content) await mkdir(path);
      assertMistake(await tabula(['view', path, '--port', '0']), message, name);
    }
  });

  it('tabula view answers with an error, and lives on, when its file is written again as no replay', async () => {
    const path = join(dir, 'changing.json');
    await writeFile(path, await readFile(good, 'utf8'));
    const served = await serving(['view', path, '--port', '0']);
    try {
      const api = new URL('/api/games/file', served.url).href;
      assert.equal((await send(api)).status, 200);
      await writeFile(path, '{"version": 1');
      const broken = await send(api);
      assert.equal(broken.status, 422);
      assert.match((JSON.parse(broken.body) as { error: string }).error, /is not a replay file: not JSON/);
      await writeFile(path, await readFile(good, 'utf8'));
      assert.equal((await send(api)).status, 200);
    } finally {
      await stopClean(served);
    }
  });

  it('serve, view and play with a person refuse a busy port, an unknown host, an address of another machine', async () => {
    const busy = await serving(['serve', '--db', ':memory:', '--port', '0']);
    try {
      const { port } = new URL(busy.url);
      const where = [
        [['--port', port], /cannot serve on 127\.0\.0\.1:\d+: the port is in use by another program/],
        [['--host', 'no-such-host.invalid', '--port', '0'], /cannot serve on no-such-host\.invalid:0: /],
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): no machine's own address.
        [
          ['--host', '192.0.2.1', '--port', '0'],
          /cannot serve on 192\.0\.2\.1:0: the address is not one of this machine/,
        ],
      ] as const;
      for (const [args, message] of where) {
        assertMistake(await tabula(['serve', '--db', ':memory:', ...args]), message, `serve ${args.join(' ')}`);
        assertMistake(await tabula(['view', good, ...args]), message, `view ${args.join(' ')}`);
      }
      assertMistake(
        await tabula(['play', 'morris', 'human', 'builtin:random', '--port', port]),
        /cannot serve on 127\.0\.0\.1:\d+: the port is in use/,
        'play with a person on a busy port',
      );
    } finally {
      await stopClean(busy);
    }
  });
});

describe("the offline page of a game whose bot's comment holds HTML", () => {
  let html: string;
  const comment = '<!--<script>';
  before(async () => {
    const dir = scratch();
    // A Mills bot that plays the first listed option with a comment that would blank the page.
    const bot = join(dir, 'bot.py');
    writeFileSync(
      bot,
      [
        'import sys',
        'while True:',
        '    header = sys.stdin.readline()',
        '    if not header: break',
        '    for _ in range(int(sys.stdin.readline())): sys.stdin.readline()',
        '    options = [sys.stdin.readline().strip() for _ in range(int(sys.stdin.readline()))]',
        `    print(options[0] + ";${comment}</script>", flush=True)`,
        '',
      ].join('\n'),
    );
    const db = join(dir, 'tabula.db');
    const match = ['match', 'mills', `python3 ${bot}`, 'builtin:random', '--games', '2', '--db', db, ...slack];
    const run = await tabula(match);
    assert.equal(run.code, 0, run.stderr);
    const file = join(dir, 'game.html');
    const replay = await tabula(['replay', '1', '--db', db, '--html', file]);
    assert.equal(replay.code, 0, replay.stderr);
    html = await readFile(file, 'utf8');
  });

  it('writes every < of the game data escaped, and the data reads back the same', () => {
    const inside = /<script type="application\/json" id="tabula-game">([\s\S]*?)<\/script>/.exec(html)![1]!;
    assert.doesNotMatch(inside, /</);
    const data = JSON.parse(inside) as GameData;
    assert.ok(data.record.turns.some((t) => t.comment === `${comment}</script>`));
  });

  it('shows the game in a browser', { skip: browserSkip }, async () => {
    const context = await browser();
    try {
      const dir = scratch();
      const file = join(dir, 'game.html');
      await writeFile(file, html);
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto(`file://${file}`);
      await page.getByLabel('turn number').waitFor({ timeout: 10_000 });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

/**
 * A post whose whole body, `bytes` of it, is written before anything is read, as Python's urllib
 * does (with `Connection: close`): the answer read after, or how the connection failed.
 */
function sendWholeFirst(url: string, path: string, headers: Record<string, string>, bytes: number): Promise<string> {
  const { hostname, port, host } = new URL(url);
  return new Promise((resolve) => {
    const socket = connectSocket(Number(port), hostname);
    let answer = '';
    socket.on('error', (err) => resolve(`${answer}[${(err as NodeJS.ErrnoException).code}]`));
    socket.pause();
    const head = Object.entries({ host, connection: 'close', 'content-length': `${bytes}`, ...headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
    socket.write(Buffer.alloc(bytes, 'x'), () => {
      socket.on('data', (d) => (answer += d));
      socket.on('end', () => resolve(answer));
      socket.resume();
    });
  });
}

describe('a contest server (tabula ladder) against a hostile client', { skip: viewProblem() ?? false }, () => {
  let ladder: RunningLadder;
  let origin: string;
  let token: string;
  let invites: string[];
  before(async () => {
    const dir = scratch();
    const db = join(dir, 'contest.db');
    ladder = await startLadder(['morris', '--db', db, '--port', '0', '--concurrency', '1'], true, {
      XDG_CACHE_HOME: join(dir, 'cache'),
    });
    origin = ladder.url.slice(0, -1);
    const made = await tabula(['ladder', 'invite', '--db', db, '--count', '20']);
    assert.equal(made.code, 0, made.stderr);
    invites = made.stdout.trim().split('\n');
    const joined = await api(ladder.url, '/api/authors', { json: { invite: invites.shift(), name: 'mallory' } });
    assert.equal(joined.status, 201, JSON.stringify(joined.body));
    token = joined.body.token;
  });
  after(async () => {
    await ladder?.stop();
    assert.doesNotMatch(ladder?.stderr() ?? '', STACK, 'no stack trace on stderr');
  });

  /** The contest answers a good request. */
  const alive = async () => assert.equal((await api(ladder.url, '/api/contest')).status, 200);

  it('refuses at once, saying why, a submission whose files could not be written where it is built', async () => {
    const cases: [string[], RegExp][] = [
      [['bot.py', 'bot.py/x'], /^bot\.py was sent both as a file and as a folder \(bot\.py\/x\)$/],
      [['mybot/bot.py', 'mybot/lib/a.py', 'mybot/lib'], /^lib was sent both as a file and as a folder \(lib\/a\.py\)$/],
      [['bot.py', `lib/${'é'.repeat(128)}.py`], /a name in a file's path is over 255 bytes/],
      [['bot.py', '../x.py'], /must be relative, of plain names \(no "\.\.", no "\/" first\)/],
    ];
    for (const [paths, message] of cases) {
      const form = new FormData();
      form.set('lang', 'python');
      for (const path of paths) form.append('files', new Blob(['print(1)\n']), path);
      const answer = await api(ladder.url, '/api/submissions', { body: form, token });
      assert.equal(answer.status, 400, `${paths.join(', ')}: ${JSON.stringify(answer.body)}`);
      assert.match(answer.body.error, message, paths.join(', '));
    }
    const mine = await api(ladder.url, '/api/authors/mallory');
    assert.deepEqual(mine.body.versions, [], 'none was kept, to fail at its build');
    assert.doesNotMatch(ladder.stderr(), /tabula-build-|internal error/);
    await alive();
  });

  it('answers a cross-site post under /api in JSON, and takes a login from its own pages and from scripts alone', async () => {
    const crossSite = await api(ladder.url, '/api/authors', {
      json: { invite: invites[0], name: 'carol' },
      headers: { cookie: 'tabula_session=x', origin: 'http://evil.example' },
    });
    assert.equal(crossSite.status, 403);
    assert.match(crossSite.body.error, /^cross-site request refused/);
    for (const from of ['http://evil.example', 'null', `http://localhost.evil.example:${new URL(origin).port}`]) {
      const login = await api(ladder.url, '/api/session', { json: { token }, headers: { origin: from } });
      assert.equal(login.status, 403, from);
      assert.match(login.body.error, /^cross-site login refused/, from);
      assert.equal(login.headers.get('set-cookie'), null, `${from}: no session`);
    }
    // The server's own page, and a script (no Origin: not a browser's page).
    for (const headers of [{ origin }, {}]) {
      const login = await api(ladder.url, '/api/session', { json: { token }, headers });
      assert.equal(login.status, 200, JSON.stringify(headers));
      assert.equal(login.body.author, 'mallory');
      assert.match(login.headers.get('set-cookie') ?? '', /tabula_session=/);
    }
  });

  it('answers 413 to a client that sends its whole body before reading the answer, and lives on', async () => {
    const urllib = [
      'import sys, urllib.request, urllib.error',
      "body = b'x' * (20 << 20)",
      "request = urllib.request.Request(sys.argv[1] + 'api/submissions', data=body, headers={",
      "  'authorization': 'Bearer ' + sys.argv[2], 'content-type': 'multipart/form-data; boundary=x'})",
      'try: urllib.request.urlopen(request)',
      'except urllib.error.HTTPError as e: print(e.code, e.read().decode())',
    ].join('\n');
    const python = await new Promise<string>((resolve) =>
      execFile('python3', ['-c', urllib, ladder.url, token], (err, stdout, stderr) =>
        resolve(err ? `${err.message}${stderr}` : stdout),
      ),
    );
    assert.match(python, /^413 \{"error":"a submission's body is over 4456448 bytes"\}/, 'Python’s urllib, 20 MB');
    const json = { 'content-type': 'application/json' };
    const raw = await sendWholeFirst(ladder.url, '/api/authors', json, 20 << 20);
    assert.match(raw, /^HTTP\/1\.1 413 /, 'a socket that writes 20 MB first');
    assert.match(raw, /\{"error":"the request's body is over 16384 bytes"\}/);
    await alive();
  });

  it('keeps the names that would pass for someone else: the admin’s, a boss’s, the words of its routes', async () => {
    const invite = invites.shift()!;
    for (const name of [
      'admin',
      'administrator',
      'admin2',
      'boss',
      'wood-boss',
      'gold-boss',
      'login',
      'submit',
      'api',
    ]) {
      const joined = await api(ladder.url, '/api/authors', { json: { invite, name } });
      assert.equal(joined.status, 400, `${name}: ${JSON.stringify(joined.body)}`);
      assert.match(joined.body.error, new RegExp(`^the name ${name} is kept for the site itself`), name);
    }
    // The invite was not used up by the names refused.
    const joined = await api(ladder.url, '/api/authors', { json: { invite, name: 'admiral' } });
    assert.equal(joined.status, 201, JSON.stringify(joined.body));
    const board = await api(ladder.url, '/api/authors/admin');
    assert.equal(board.status, 404);
  });
});
