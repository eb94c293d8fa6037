import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { GameData, RunData, RunsData, ServerMessage } from '../../src/server/wire.js';
import { databaseWithMatch, getWithHost, type Served, scratch, serving } from '../support/web.js';

describe('tabula serve', () => {
  let served: Served;
  before(async () => {
    const db = await databaseWithMatch(scratch(), 2, ['--sprt', 'elo0=0,elo1=10,alpha=0.05,beta=0.05']);
    served = await serving(['serve', '--db', db, '--port', '0']);
  });
  after(() => served.stop());

  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(new URL(path, served.url));
    assert.equal(response.status, 200, path);
    return (await response.json()) as T;
  };

  it('prints the URL it serves first, on 127.0.0.1 and a free port', () => {
    assert.match(served.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('serves the page and its bundle, built beforehand', async () => {
    for (const path of ['/', '/runs/1', '/games/1', '/play']) {
      const response = await fetch(new URL(path, served.url));
      assert.equal(response.status, 200);
      assert.match(await response.text(), /<script type="module" src="\/assets\/app.js">/);
    }
    const js = await fetch(new URL('/assets/app.js', served.url));
    assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.ok((await js.text()).length > 10_000);
  });

  it('lists runs with their progress, and reports a run as tabula results does', async () => {
    const runs = await get<RunsData>('/api/runs');
    assert.deepEqual(
      runs.runs.map((r) => [r.id, r.game, r.gamesPlayed, r.gamesPlanned, r.what]),
      [[1, 'morris', 2, 2, 'match, 2 games']],
    );
    const run = await get<RunData>('/api/runs/1');
    assert.equal(run.report.gamesPlayed, 2);
    assert.equal(run.report.pairs[0]!.games, 2);
    assert.equal(run.llr?.length, 2, 'the LLR after each game');
    assert.deepEqual(
      run.games.map((g) => g.seats),
      [
        [0, 1],
        [1, 0],
      ],
    );
    const histogram = run.bots[0]!.turns;
    assert.equal(histogram.limitMs, 2000);
    assert.equal(
      histogram.counts.reduce((a, b) => a + b, 0),
      run.report.bots[0]!.turns.turns,
      'every turn in a bin',
    );
  });

  it('gives a stored game with the command line that plays it again', async () => {
    const game = await get<GameData>('/api/games/1');
    assert.equal(game.storedId, 1);
    assert.equal(game.runId, 1);
    assert.equal(game.title, "Nine Men's Morris");
    assert.equal(game.record.turns.length, game.record.result!.turns);
    assert.equal(
      game.playCommand,
      `tabula play morris builtin:random builtin:random --seed ${game.record.seed} --first-turn-ms 10000 --turn-ms 2000`,
    );
    const missing = await fetch(new URL('/api/games/99', served.url));
    assert.equal(missing.status, 404);
  });

  it('refuses requests that do not name it in their Host header (DNS rebinding)', async () => {
    const { port } = new URL(served.url);
    assert.equal((await getWithHost(`${served.url}api/runs`, `localhost:${port}`)).status, 200);
    const rebound = await getWithHost(`${served.url}api/runs`, `evil.example:${port}`);
    assert.equal(rebound.status, 403);
    assert.doesNotMatch(rebound.body, /morris/);
    assert.equal((await getWithHost(`${served.url}`, `127.0.0.1:${Number(port) + 1}`)).status, 403);
  });

  it('takes WebSockets only from its own pages', async () => {
    const ws = (headers: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`${served.url.replace('http', 'ws')}ws`, { headers });
        socket.on('open', () => {
          socket.close();
          resolve('open');
        });
        socket.on('error', () => resolve('refused'));
      });
    const { host } = new URL(served.url);
    assert.equal(await ws({ origin: `http://${host}` }), 'open');
    assert.equal(await ws({ origin: 'http://evil.example' }), 'refused');
    assert.equal(await ws({}), 'refused', 'no Origin: no page of this server (host-check.ts says why)');
    assert.equal(await ws({ host: 'evil.example' }), 'refused');
  });

  it('refuses a game started from another site', async () => {
    const response = await fetch(new URL('/api/play', served.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ game: 'morris', opponent: 'random', seat: 0 }),
    });
    assert.equal(response.status, 403);
  });

  it("plays a person's game started from the page: its seat is asked, a wrong line refused, a legal one taken", async () => {
    const response = await fetch(new URL('/api/play', served.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: served.url.slice(0, -1) },
      body: JSON.stringify({ game: 'morris', opponent: 'random', seat: 1 }),
    });
    assert.equal(response.status, 200);
    const { key } = (await response.json()) as { key: string };
    const socket = new WebSocket(`${served.url.replace('http', 'ws')}ws`, { origin: served.url.slice(0, -1) });
    const messages: ServerMessage[] = [];
    const next = (type: ServerMessage['type']) =>
      new Promise<ServerMessage>((resolve) => {
        const seen = messages.find((m) => m.type === type);
        if (seen) return resolve(seen);
        socket.on('message', (data) => {
          const m = JSON.parse(String(data)) as ServerMessage;
          if (m.type === type) resolve(m);
        });
      });
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as ServerMessage));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'watch', key }));
    const game = await get<GameData>(`/api/games/${key}`);
    assert.deepEqual(game.personSeats, [1]);
    assert.equal(game.record.players[0]!.bot, 'builtin:random');
    // The bot moves first; then the person's seat is asked, with what it was sent.
    const ask = game.ask ?? ((await next('ask')) as Extract<ServerMessage, { type: 'ask' }>).ask!;
    assert.equal(ask.seat, 1);
    assert.equal(ask.turn, 2);
    assert.deepEqual(ask.input.slice(0, 2), ['1', '24'], 'its first turn carries the initialisation');
    socket.send(JSON.stringify({ type: 'move', key, line: 'PLACE;Z9' }));
    const refused = (await next('refused')) as Extract<ServerMessage, { type: 'refused' }>;
    assert.match(refused.error, /not one of the 24 fields/);
    const legal = ask.input.at(-1)!;
    socket.send(JSON.stringify({ type: 'move', key, line: legal }));
    await new Promise<void>((resolve) => {
      const check = () =>
        messages.some((m) => m.type === 'turns' && m.turns.some((t) => t.turn === 2 && t.output[0] === legal))
          ? resolve()
          : setTimeout(check, 20);
      check();
    });
    socket.close();
  });

  it('stops on Ctrl-C', async () => {
    const other = await serving(['serve', '--db', ':memory:', '--port', '0']);
    assert.equal((await fetch(other.url)).status, 200);
    assert.equal(await other.stop(), 0, 'a clean stop');
    await assert.rejects(fetch(other.url));
  });
});
