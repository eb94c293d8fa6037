/** The web arena's HTTP routes: the page, its bundle, and the JSON API the page reads. */
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { PERSON } from '../arena/bot-spec.js';
import { planGame } from '../arena/game-loop.js';
import type { Replay } from '../arena/replay.js';
import type { ContestSite } from '../contest/site.js';
import { randomSeed } from '../core/rng.js';
import { millis } from '../core/units.js';
import { loadGames } from '../games/registry.js';
import type { Store } from '../runs/store/store.js';
import { bodyLimit } from './body-limit.js';
import { parseStartRequest } from './client-input.js';
import { contestNamed, contestRoutes, hasSession, ownBodyLimit } from './contest-routes.js';
import { ServeError } from './errors.js';
import { replayGameData } from './game-data.js';
import { hostAllowed, originAllowed } from './host-check.js';
import { type LiveHub, recordOf, summaryOf } from './live-hub.js';
import { type Bundle, servedPage } from './page-html.js';
import type { PersonGames } from './person-games.js';
import { readReplayFile } from './replay-file.js';
import { contestPlayCommandLine, playCommandLine } from './reproduce.js';
import { rulesData } from './rules-page.js';
import { runData, runSummary } from './run-data.js';
import type { GameChoice, GameData, GameKey, RunsData } from './wire.js';

export interface ArenaSources {
  readonly hub: LiveHub;
  /** A contest site's server (`tabula ladder`): its API and pages instead of the runs'. */
  readonly site?: ContestSite;
  /** The results database: runs, stored games, and the games other processes play now. */
  readonly database?: Store;
  /** Where a person's games are played. */
  readonly people?: PersonGames;
  /** `tabula view`: the replay file shown as game `file`. */
  readonly file?: string;
}

/** The key under which `tabula view` shows its file. */
export const FILE_KEY = 'file';

/** The largest request body taken: a game's start is under 200 bytes; the WebSocket takes 1 MiB a message. */
const MAX_BODY_BYTES = 16 * 1024;

/** What a post from another site's page is told. */
const CROSS_SITE = 'cross-site request refused (a request must come from a page of this server)';

/** A refusal before any route: JSON under /api, as every answer there is; a line of text elsewhere. */
const refused = (c: Context, message: string): Response =>
  c.req.path.startsWith('/api/') ? c.json({ error: message }, 403) : c.text(`${message}\n`, 403);

export async function arenaApp(sources: ArenaSources, bundle: Bundle, allowed: () => ReadonlySet<string>) {
  const games = new Map((await loadGames()).map((g) => [g.id, g]));
  const title = (id: string) => games.get(id)?.title ?? id;
  const { hub, database, people } = sources;
  const app = new Hono();

  app.use('*', async (c, next) => {
    // No other site may show these pages in a frame of its own (clickjacking a person's moves).
    c.header('content-security-policy', "frame-ancestors 'self'");
    c.header('x-frame-options', 'SAMEORIGIN');
    if (!hostAllowed(allowed(), c.req.header('host'))) return refused(c, 'this server answers only to its own name');
    // A contest's scripts send their own credentials (a Bearer token, an invite), no cookie: only
    // requests with a session come from pages (contest-routes.ts checks those).
    const ownCredentials = sources.site !== undefined && !hasSession(c);
    if (c.req.method !== 'GET' && !ownCredentials && !originAllowed(allowed(), c.req.header('origin')))
      return refused(c, CROSS_SITE);
    await next();
  });
  // A size announced or sent beyond the limit is refused before the body is kept (body-limit.ts: the
  // rest is read and dropped, so that a client sending it whole before reading gets the answer). A
  // contest's submissions, drafts and test games have limits of their own.
  const limit = bodyLimit(MAX_BODY_BYTES, `the request's body is over ${MAX_BODY_BYTES} bytes`);
  app.use('*', (c, next) => (sources.site && ownBodyLimit(c.req.method, c.req.path) ? next() : limit(c, next)));
  app.onError((err, c) => {
    // A refusal of Hono's own middleware (a cross-site request), with its status.
    if (err instanceof HTTPException) return c.json({ error: err.message || 'refused' }, err.status);
    // A fault of Tabula: the page gets a line, stderr the whole of it.
    process.stderr.write(`tabula: internal error in ${c.req.method} ${c.req.path}: ${err.stack ?? err}\n`);
    return c.json({ error: `internal error: ${err.message}` }, 500);
  });

  if (sources.site) contestRoutes(app, sources.site, allowed);

  app.get('/assets/app.js', (c) => c.body(bundle.js, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/assets/app.css', (c) => c.body(bundle.css, 200, { 'content-type': 'text/css; charset=utf-8' }));
  app.get('/assets/editor.js', (c) => c.body(bundle.editor, 200, { 'content-type': 'text/javascript; charset=utf-8' }));

  app.get('/api/runs', (c) => {
    const runs = database
      ? database
          .runs()
          .reverse()
          .map((r) => runSummary(r, database.games(r.id), title))
      : [];
    const data: RunsData = { runs, live: hub.playing().map(summaryOf) };
    return c.json(data);
  });

  app.get('/api/runs/:id', (c) => {
    const id = Number(c.req.param('id'));
    const run = database?.runs().find((r) => r.id === id);
    if (!database || !run) return c.json({ error: `no run ${c.req.param('id')}` }, 404);
    const live = hub
      .playing()
      .filter((g) => g.runId === id)
      .map(summaryOf);
    return c.json({ ...runData(database, run, title), live });
  });

  app.get('/api/games/:key', async (c) => {
    try {
      const data = await gameData(c.req.param('key'));
      return data ? c.json(data) : c.json({ error: `no game ${c.req.param('key')}` }, 404);
    } catch (err) {
      // `tabula view`'s file, written again as something that is no replay.
      if (err instanceof ServeError) return c.json({ error: err.message }, 422);
      throw err;
    }
  });

  app.get('/api/rules/:game', (c) => {
    const game = games.get(c.req.param('game'));
    if (!game)
      return c.json({ error: `no game "${c.req.param('game')}" (games: ${[...games.keys()].join(', ')})` }, 404);
    return c.json(rulesData(game));
  });

  app.get('/api/choices', (c) => {
    const choices: GameChoice[] = [...games.values()].map((g) => ({
      id: g.id,
      title: g.title,
      seats: g.seats,
      bots: Object.entries(g.bots).map(([name, b]) => ({ name, description: b.description })),
      clicks: g.view?.clicks !== undefined,
    }));
    return c.json({ games: choices, canPlay: people !== undefined });
  });

  app.post('/api/play', async (c) => {
    if (!people) return c.json({ error: 'this server plays no games' }, 400);
    const parsed = parseStartRequest(await c.req.text());
    if (!parsed.ok) return c.json({ error: parsed.error }, 400);
    const request = parsed.value;
    const game = games.get(request.game);
    if (!game) return c.json({ error: `no game ${request.game}` }, 400);
    if (!Object.hasOwn(game.bots, request.opponent))
      return c.json({ error: `${game.id} has no built-in bot ${request.opponent}` }, 400);
    const seats = Math.max(2, game.seats.min);
    if (!Number.isInteger(request.seat) || request.seat < 0 || request.seat >= seats)
      return c.json({ error: `the seat is 0 to ${seats - 1}` }, 400);
    const client = getConnInfo(c).remote.address ?? 'unknown';
    const refusal = people.refusal(client);
    if (refusal) return c.json({ error: refusal.error }, refusal.scope === 'client' ? 429 : 503);
    const specs = Array.from({ length: seats }, (_, i) =>
      i === request.seat ? PERSON : `builtin:${request.opponent}`,
    );
    const plan = planGame(game, { bots: specs, seed: randomSeed(), connect: { builtinsAsProcesses: true } });
    const { key, played } = people.start(plan, {
      client,
      ...(request.humanMs !== undefined && request.humanMs > 0 && { personMs: millis(request.humanMs) }),
    });
    played.catch(() => {});
    return c.json({ key });
  });

  if (sources.file) app.get('/', (c) => c.redirect(`/games/${FILE_KEY}`));
  app.get('*', (c) => c.html(servedPage(sources.site ? 'contest' : 'arena')));

  /** A game by its key, as the viewer shows it. */
  async function gameData(key: GameKey): Promise<GameData | null> {
    if (key === FILE_KEY && sources.file) {
      const replay: Replay = await readReplayFile(sources.file, [...games.keys()]);
      return replayGameData(key, replay, games.get(replay.game), {});
    }
    if (/^\d+$/.test(key) && database) {
      const replay = database.replay(Number(key));
      const runId = database.runOfGame(Number(key));
      if (!replay) return null;
      const ids = { storedId: Number(key), ...(runId !== null && { runId }) };
      const place = database.placeOf(Number(key));
      return {
        ...replayGameData(key, replay, games.get(replay.game), ids),
        ...(place?.earlierPlay !== undefined && {
          note: `An earlier play (play ${place.earlierPlay}) of the run's game at index ${place.index}, played again for a timeout the machine caused: kept for the record, counted nowhere.`,
        }),
      };
    }
    const live = hub.get(key);
    if (!live) return null;
    const record = recordOf(live);
    const contest = sources.site?.contests.find((k) => k.runId === live.runId);
    return {
      key,
      record,
      ...(live.storedId !== undefined && { storedId: live.storedId }),
      ...(live.runId !== undefined && { runId: live.runId }),
      title: title(record.game),
      // A contest's live game is shown alike to all, its authors' bots as no one's (reproduce.ts).
      playCommand: sources.site
        ? contestPlayCommandLine(record, games.get(record.game), () => false)
        : playCommandLine(record, games.get(record.game)),
      ...(contest && { contest: contestNamed(contest) }),
      personSeats: live.personSeats,
      ...(live.ask && { ask: live.ask }),
      live: !live.ended,
    };
  }

  return { app, gameData };
}
