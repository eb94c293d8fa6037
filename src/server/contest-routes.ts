/**
 * A contest site's API (`tabula ladder`), for its pages and for scripts: `/api/contests` lists its
 * contests; each contest's API is under its base, `/api/contests/<game>` (and `/api` itself on a site
 * of one contest, as before there were several); what is the site's (logging in, joining, invites, a
 * stored game) is under `/api` and under every base alike. Who asks is
 * told by a Bearer token (an author's token, or the admin key: scripts, `tabula submit`), or by the
 * session a page logged in with: an HttpOnly, SameSite=Strict cookie, and for every change the
 * session's CSRF token in `x-csrf-token` besides a same-origin check (Hono's csrf). A missing or
 * wrong token is 401; another author's private data 404, never the data; the admin's routes 403 to
 * anyone else. Bodies are small (16 KiB) but a submission's (413 beyond).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { recordOf } from '../arena/record.js';
import type { Contest } from '../contest/contest.js';
import { ContestError } from '../contest/contest-error.js';
import { hashSecret, newSecret, SECRET } from '../contest/secrets.js';
import type { ContestSite } from '../contest/site.js';
import type { AuthorRecord } from '../contest/store/records.js';
import { MAX_SOURCE_BYTES, type SentFile, SubmissionError } from '../contest/submission.js';
import { parseTableMix, TableMixError } from '../contest/table-mix.js';
import { MAX_DRAFT_BYTES } from '../contest/test-games.js';
import { SetupError } from '../core/game.js';
import { seat } from '../core/units.js';
import { unpackedFiles } from '../runs/workers/bot-files.js';
import { starterArchive } from '../starters/archive.js';
import { bodyLimit } from './body-limit.js';
import {
  type Asker,
  adminData,
  authorData,
  contestInfo,
  contestListing,
  contestPlaces,
  finalData,
  leaderboard,
  mayRead,
  replayFor,
  submissionData,
} from './contest-data.js';
import type { Draft, Viewer } from './contest-wire.js';
import { editorData, testGameData, testReplayFor } from './editor-data.js';
import { replayGameData } from './game-data.js';
import { originAllowed } from './host-check.js';
import { contestPlayCommandLine } from './reproduce.js';
import type { ContestOfGame } from './wire.js';

/** The session's cookie. */
export const SESSION_COOKIE = 'tabula_session';
/** How long a page's login lasts. */
const SESSION_DAYS = 30;
/** A submission's body: its files, with room for the form's own parts. */
export const MAX_UPLOAD_BYTES = MAX_SOURCE_BYTES + 256 * 1024;
/** A draft's body, or a test game's: its text as JSON (escapes may double it), with room for the rest. */
const MAX_DRAFT_BODY = 2 * MAX_DRAFT_BYTES + 16 * 1024;

/** Who asks, once read from the request. */
interface Who extends Asker {
  readonly author: AuthorRecord | null;
  /** The session's CSRF token, when a session cookie says who asks. */
  readonly csrf: string | null;
}

const NOBODY: Who = { authorId: null, author: null, admin: false, csrf: null };

/** Whether a contest's route reads a body of its own limit (a submission, a draft, a test game): not the server's. */
export const ownBodyLimit = (method: string, path: string): boolean =>
  (method === 'POST' && /^\/api\/(contests\/[^/]+\/)?(submissions|tests)$/.test(path)) ||
  (method === 'PUT' && /^\/api\/(contests\/[^/]+\/)?drafts\/[^/]+$/.test(path));

/** Whether the request comes with a session cookie: its changes must come from this server's pages. */
export const hasSession = (c: Context): boolean => getCookie(c, SESSION_COOKIE) !== undefined;

/** Where a site's contest's API is: its base under /api/contests, and /api itself on a site of one contest. */
function contestBases(site: ContestSite, contest: Contest): string[] {
  return [contestPlaces(contest.game.id).api, ...(site.contests.length === 1 ? ['/api'] : [])];
}

export function contestRoutes(app: Hono, site: ContestSite, allowed: () => ReadonlySet<string>): void {
  const { people } = site;

  /** Who asks; a Response (401) for a Bearer token that is nobody's. */
  const who = (c: Context): Who | Response => {
    const header = c.req.header('authorization');
    if (header !== undefined) {
      const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
      if (token !== undefined && site.isAdminKey(token)) return { ...NOBODY, admin: true };
      const author = token === undefined ? null : site.authorOfToken(token);
      if (!author) return c.json({ error: 'that token is nobody’s: Authorization: Bearer <your token>' }, 401);
      return { authorId: author.id, author, admin: false, csrf: null };
    }
    const session = getCookie(c, SESSION_COOKIE);
    const found = session === undefined ? null : people.session(hashSecret(session));
    if (!found) return NOBODY;
    const author = found.authorId === null ? null : people.author(found.authorId);
    return { authorId: author?.id ?? null, author, admin: found.admin, csrf: found.csrf };
  };

  const viewerOf = (w: Who): Viewer => ({ author: w.author?.name ?? null, admin: w.admin, csrf: w.csrf });

  // Changes asked with a session cookie come from this server's pages: same origin, and the session's token.
  app.use('/api/*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.header('authorization') !== undefined || !hasSession(c)) return next();
    const w = who(c);
    if (w instanceof Response) return w;
    if (w.csrf !== null && c.req.header('x-csrf-token') !== w.csrf)
      return c.json({ error: 'the request lacks the page’s CSRF token (x-csrf-token): reload the page' }, 403);
    return next();
  });
  const sameOrigin = csrf({ origin: (origin) => originAllowed(allowed(), origin) });
  app.use('/api/*', (c, next) =>
    c.req.method !== 'GET' && c.req.header('authorization') === undefined && hasSession(c)
      ? sameOrigin(c, next)
      : next(),
  );
  // A login, though it comes without a session, from this server's pages too: another site's page
  // would log its visitor in as an author of its choosing. A browser sends its page's Origin with
  // every post; a script sends none, and logs in as before.
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('origin');
    if (
      c.req.method === 'POST' &&
      c.req.path.endsWith('/session') &&
      origin !== undefined &&
      !originAllowed(allowed(), origin)
    )
      return c.json({ error: 'cross-site login refused (a login must come from a page of this server)' }, 403);
    return next();
  });

  /** Runs a handler for who asks, answering the contest's refusals in words with their status. */
  const handle =
    (need: 'anyone' | 'author' | 'admin', handler: (c: Context, w: Who) => Response | Promise<Response>) =>
    async (c: Context): Promise<Response> => {
      const w = who(c);
      if (w instanceof Response) return w;
      if (need === 'author' && !w.author && !w.admin)
        return c.json({ error: 'log in first: Authorization: Bearer <your token>, or the login page' }, 401);
      if (need === 'admin' && !w.admin) {
        if (!w.author) return c.json({ error: 'the admin key is needed: Authorization: Bearer <admin key>' }, 401);
        return c.json({ error: 'only the admin may do that' }, 403);
      }
      try {
        return await handler(c, w);
      } catch (err) {
        if (err instanceof SubmissionError) return c.json({ error: err.message }, 400);
        if (err instanceof ContestError) {
          if (err.retryAfter === undefined) return c.json({ error: err.message }, STATUS[err.kind]);
          c.header('retry-after', `${err.retryAfter}`);
          return c.json({ error: err.message, retryAfter: err.retryAfter }, STATUS[err.kind]);
        }
        if (err instanceof BadBody || err instanceof TableMixError) return c.json({ error: err.message }, 400);
        throw err;
      }
    };

  app.get('/api/contests', (c) => c.json(site.contests.map(contestListing)));
  // A base of no contest here: the contests there are, named.
  app.all('/api/contests/:game/*', (c, next) =>
    site.contest(c.req.param('game')) !== null
      ? next()
      : c.json(
          {
            error: `no contest of "${c.req.param('game').slice(0, 40)}" here (contests: ${site.contests.map((k) => k.game.id).join(', ')})`,
          },
          404,
        ),
  );

  for (const base of ['/api', ...site.contests.map((k) => contestPlaces(k.game.id).api)]) siteRoutes(base);
  for (const contest of site.contests) for (const base of contestBases(site, contest)) contestApi(base, contest);

  // A stored game as the asker may see it: under /api of whichever contest (live games come through
  // the hub, their stderr hidden from all), under a contest's base of that contest only.
  const storedGame =
    (only: Contest | null): MiddlewareHandler =>
    async (c, next) => {
      const w = who(c);
      if (w instanceof Response) return w;
      const id = Number(c.req.param('key'));
      const runId = site.store.runOfGame(id);
      const tested = site.contests.find((k) => runId !== null && k.tests.runId === runId);
      if (tested && (only === null || tested === only)) return testGame(c, w, tested, id);
      const contest = site.contests.find((k) => k.runId === runId);
      // A game of a contest this server does not serve (one named at another start) is shown to
      // nobody: its authors' stderr would be in it.
      if (!contest || (only !== null && contest !== only))
        return runId === null && only === null ? next() : c.json({ error: `no game ${id}` }, 404);
      const replay = site.store.replay(id);
      if (!replay) return next();
      const data = replayGameData(`${id}`, replayFor(contest, replay, id, w), contest.game, { storedId: id });
      // Played again only by one who can run every seat: another author's bot is not the asker's to run.
      const seats = contest.tables.plannedOfGame(id)?.seats ?? [];
      const own = (seat: number) => {
        const entrant = contest.tables.entrant(seats[seat] ?? 0);
        return entrant !== null && mayRead(w, entrant);
      };
      // Why the contest did not rate it (a timeout the machine caused, played again), where it did not.
      const note = contest.tables.plannedOfGame(id)?.note;
      return c.json({
        ...data,
        ...(note && { note }),
        playCommand: contestPlayCommandLine(replay, contest.game, own),
        contest: contestNamed(contest),
      });
    };
  /** A test game, for its author and the admin alone: another's is not found, as a game of none is. */
  const testGame = (c: Context, w: Who, contest: Contest, id: number): Response => {
    const test = contest.tests.tables.testOfGame(id);
    const replay = test && (w.admin || test.authorId === w.authorId) ? site.store.replay(id) : null;
    if (!test || !replay) return c.json({ error: `no game ${id}` }, 404);
    const data = replayGameData(`${id}`, testReplayFor(test, replay, w), contest.game, { storedId: id });
    return c.json({ ...data, note: 'a test game: it rates nobody', contest: contestNamed(contest) });
  };
  app.get('/api/games/:key{[0-9]+}', storedGame(null));
  for (const contest of site.contests)
    app.get(`${contestPlaces(contest.game.id).api}/games/:key{[0-9]+}`, storedGame(contest));

  // One seat's record of a stored game (arena/record.ts), for the author of its bot and the admin: what
  // `tabula reproduce` plays the game again from. Under /api of whichever contest, under a contest's
  // base of that contest only; another's seat, a boss's, or a game of none is not found.
  const gameRecord = (only: Contest | null) =>
    handle('author', (c, w) => {
      const id = Number(c.req.param('key'));
      const asked = c.req.query('seat') ?? '';
      if (!/^\d+$/.test(asked))
        return c.json({ error: 'say whose record: ?seat=K, the seat of your bot (0, 1, ...)' }, 400);
      const contest = site.contests.find((k) => k.runId === site.store.runOfGame(id));
      const entrantId =
        contest && (only === null || contest === only)
          ? contest.tables.plannedOfGame(id)?.seats[Number(asked)]
          : undefined;
      const entrant = entrantId === undefined ? null : contest!.tables.entrant(entrantId);
      const replay = entrant && mayRead(w, entrant) ? site.store.replay(id) : null;
      if (!contest || !replay) return c.json({ error: `no game ${id} with a bot of yours at seat ${asked}` }, 404);
      return c.json(recordOf(replayFor(contest, replay, id, w), seat(Number(asked)), id));
    });
  app.get('/api/games/:key{[0-9]+}/record', gameRecord(null));
  for (const contest of site.contests)
    app.get(`${contestPlaces(contest.game.id).api}/games/:key{[0-9]+}/record`, gameRecord(contest));

  /** What is the site's: who is logged in, logging in and out, joining, invites; under every base alike. */
  function siteRoutes(base: string): void {
    app.get(
      `${base}/session`,
      handle('anyone', (c, w) => c.json(viewerOf(w))),
    );
    app.post(
      `${base}/session`,
      handle('anyone', async (c) => {
        const { token } = await jsonBody(c, { token: 'string' });
        const admin = site.isAdminKey(token);
        const author = admin ? null : site.authorOfToken(token);
        if (!admin && !author) return c.json({ error: 'that token is nobody’s' }, 401);
        const session = newSecret(SECRET.session);
        const csrfToken = newSecret('');
        const expires = new Date(Date.now() + SESSION_DAYS * 86_400_000);
        people.openSession(
          hashSecret(session),
          { authorId: author?.id ?? null, admin },
          csrfToken,
          expires.toISOString(),
        );
        setCookie(c, SESSION_COOKIE, session, { httpOnly: true, sameSite: 'Strict', path: '/', expires });
        return c.json({ author: author?.name ?? null, admin, csrf: csrfToken } satisfies Viewer);
      }),
    );
    app.delete(
      `${base}/session`,
      handle('anyone', (c) => {
        const session = getCookie(c, SESSION_COOKIE);
        if (session !== undefined) people.closeSession(hashSecret(session));
        deleteCookie(c, SESSION_COOKIE, { path: '/' });
        return c.json({ author: null, admin: false, csrf: null } satisfies Viewer);
      }),
    );

    app.post(
      `${base}/authors`,
      handle('anyone', async (c) => {
        const { invite, name } = await jsonBody(c, { invite: 'string', name: 'string' });
        const { author, token } = site.join(invite, name);
        return c.json({ author: author.name, token }, 201);
      }),
    );
    app.post(
      `${base}/admin/invites`,
      handle('admin', async (c) => {
        const { count } = await jsonBody(c, { count: 'count' });
        return c.json({ codes: site.invite(count) }, 201);
      }),
    );
  }

  /** A contest's own routes under `base`. */
  function contestApi(base: string, contest: Contest): void {
    const tables = contest.tables;
    app.get(
      `${base}/contest`,
      handle('anyone', (c, w) => c.json(contestInfo(contest, viewerOf(w), site.contests.length))),
    );
    app.get(`${base}/leaderboard`, (c) => c.json(leaderboard(contest)));
    app.get(`${base}/starters/:lang`, async (c) => {
      try {
        const { filename, body } = await starterArchive(contest.game, c.req.param('lang'));
        return c.body(new Uint8Array(body), 200, {
          'content-type': 'application/gzip',
          'content-disposition': `attachment; filename="${filename}"`,
        });
      } catch (err) {
        if (err instanceof SetupError) return c.json({ error: err.message }, 404);
        throw err;
      }
    });

    app.get(
      `${base}/authors/:name`,
      handle('anyone', (c, w) => {
        const author = people.authorNamed(c.req.param('name') ?? '');
        if (!author) return c.json({ error: `no author ${c.req.param('name')}` }, 404);
        return c.json(authorData(contest, author.id, w));
      }),
    );
    app.post(
      `${base}/submissions`,
      bodyLimit(MAX_UPLOAD_BYTES, `a submission's body is over ${MAX_UPLOAD_BYTES} bytes`),
      handle('author', async (c, w) => {
        if (!w.author) return c.json({ error: 'the admin submits no bots: use an author’s token' }, 403);
        const { lang, files } = await submissionBody(c);
        const entrant = contest.submit(w.author, lang, files);
        return c.json({ id: entrant.id, version: entrant.version, status: entrant.status }, 201);
      }),
    );
    /** A submission its author (or the admin) may read; another's is no business of the asker's (404). */
    const ownSubmission = (c: Context, w: Who) => {
      const entrant = tables.entrant(Number(c.req.param('id')));
      return entrant && entrant.authorId !== null && /^\d+$/.test(c.req.param('id') ?? '') && mayRead(w, entrant)
        ? entrant
        : null;
    };
    app.get(
      `${base}/submissions/:id`,
      handle('author', (c, w) => {
        const entrant = ownSubmission(c, w);
        if (!entrant) return c.json({ error: `no submission ${c.req.param('id')} of yours` }, 404);
        return c.json(submissionData(contest, entrant, w));
      }),
    );
    app.get(
      `${base}/submissions/:id/source`,
      handle('author', (c, w) => {
        const entrant = ownSubmission(c, w);
        const packed = entrant && tables.source(entrant.id);
        if (!packed) return c.json({ error: `no submission ${c.req.param('id')} of yours` }, 404);
        const files = unpackedFiles(packed).map((f) => ({
          path: f.path,
          text: Buffer.from(f.data, 'base64').toString('utf8'),
        }));
        return c.json({ files });
      }),
    );

    // The editor: an author's drafts and test games, theirs alone (and the admin's to read).
    const noBots = (c: Context) => c.json({ error: 'the admin writes no bots: log in as an author' }, 403);
    app.get(
      `${base}/editor`,
      handle('author', (c, w) => (w.author ? c.json(editorData(contest, w.author.id)) : noBots(c))),
    );
    app.get(
      `${base}/drafts/:lang`,
      handle('author', (c, w) => {
        // The admin reads an author's: ?author=NAME.
        const named = w.author ?? people.authorNamed(c.req.query('author') ?? '');
        if (!named) return c.json({ error: 'say whose draft: ?author=NAME' }, 404);
        return c.json(contest.tests.draft(named.id, c.req.param('lang') ?? '') satisfies Draft);
      }),
    );
    app.put(
      `${base}/drafts/:lang`,
      bodyLimit(MAX_DRAFT_BODY, `a draft's body is over ${MAX_DRAFT_BODY} bytes`),
      handle('author', async (c, w) => {
        if (!w.author) return noBots(c);
        const { text } = await jsonBody(c, { text: 'text' });
        return c.json({ savedAt: contest.tests.saveDraft(w.author.id, c.req.param('lang') ?? '', text) });
      }),
    );
    app.post(
      `${base}/tests`,
      bodyLimit(MAX_DRAFT_BODY, `a test game's body is over ${MAX_DRAFT_BODY} bytes`),
      handle('author', async (c, w) => {
        if (!w.author) return noBots(c);
        const asked = await jsonBody(c, {
          lang: 'string',
          text: 'text',
          opponent: 'id',
          seat: 'integer or none',
          seed: 'integer or none',
          players: 'integer or none',
        });
        const test = contest.tests.ask(w.author.id, asked);
        return c.json(testGameData(contest, test), 202);
      }),
    );
    app.get(
      `${base}/tests/:id`,
      handle('author', (c, w) => {
        const test = /^\d+$/.test(c.req.param('id') ?? '')
          ? contest.tests.tables.test(Number(c.req.param('id')))
          : null;
        if (!test || !(w.admin || test.authorId === w.authorId))
          return c.json({ error: `no test game ${c.req.param('id')} of yours` }, 404);
        return c.json(testGameData(contest, test));
      }),
    );

    app.get(
      `${base}/finals/:id`,
      handle('anyone', (c, w) => {
        const final = tables.finals().find((f) => `${f.id}` === c.req.param('id'));
        if (!final) return c.json({ error: `no final ${c.req.param('id')}` }, 404);
        return c.json(finalData(contest, final, w));
      }),
    );

    app.get(
      `${base}/admin`,
      handle('admin', (c) => c.json(adminData(contest))),
    );
    app.post(
      `${base}/admin/freeze`,
      handle('admin', async (c) => {
        const { frozen } = await jsonBody(c, { frozen: 'boolean' });
        contest.setFrozen(frozen);
        return c.json({ frozen: contest.frozen });
      }),
    );
    app.post(
      `${base}/admin/retire`,
      handle('admin', async (c) => {
        const { submission } = await jsonBody(c, { submission: 'id' });
        const retired = contest.retire(submission);
        return c.json({ id: retired.id, status: retired.status });
      }),
    );
    app.post(
      `${base}/admin/cancel`,
      handle('admin', async (c) => {
        const { submission } = await jsonBody(c, { submission: 'id' });
        const cancelled = contest.cancel(submission);
        return c.json({ id: cancelled.id, status: cancelled.status });
      }),
    );
    app.post(
      `${base}/admin/finals`,
      handle('admin', async (c) => {
        const { rounds } = await jsonBody(c, { rounds: 'count' });
        return c.json({ id: contest.startFinal(rounds) }, 201);
      }),
    );
    app.post(
      `${base}/admin/tables`,
      handle('admin', async (c) => {
        const { mix } = await jsonBody(c, { mix: 'string' });
        contest.setTableMix(parseTableMix(mix, contest.game));
        return c.json({ tableMix: contest.tableMix });
      }),
    );
  }
}

/** The contest a game belongs to, as the viewer names it. */
export const contestNamed = (contest: Contest): ContestOfGame => ({
  game: contest.game.id,
  title: contest.game.title,
  leaderboard: contestPlaces(contest.game.id).pages.leaderboard,
});

const STATUS = { refused: 400, 'not found': 404, 'too many': 429, conflict: 409 } as const;

/** A request body the contest cannot take: not what the route reads. */
class BadBody extends Error {}

/** A field's kind: `string` short (a name, a token), `text` any length (a draft), `integer or none` absent or null too. */
type FieldKind = 'string' | 'text' | 'boolean' | 'count' | 'id' | 'integer or none';
type FieldValue<K extends FieldKind> = K extends 'string' | 'text'
  ? string
  : K extends 'boolean'
    ? boolean
    : K extends 'integer or none'
      ? number | null
      : number;

/** What a number of each kind may be: a count, an integer from 1 to 1000; an id, any positive integer. */
const NUMBERS = {
  count: { most: 1000, words: 'an integer from 1 to 1000' },
  id: { most: Number.MAX_SAFE_INTEGER, words: 'a positive integer (a submission’s id)' },
} as const;

/** The JSON body's fields, each of its kind (`NUMBERS` for numbers), or `BadBody` saying what is wrong. */
async function jsonBody<F extends Record<string, FieldKind>>(
  c: Context,
  fields: F,
): Promise<{ [K in keyof F]: FieldValue<F[K]> }> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/json'))
    throw new BadBody('the body is JSON, with Content-Type: application/json');
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new BadBody('the body is not JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadBody('the body is a JSON object');
  const out: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(fields)) {
    const value = (body as Record<string, unknown>)[name];
    if (kind === 'integer or none') {
      if (value !== undefined && value !== null && !Number.isInteger(value))
        throw new BadBody(`"${name}" is an integer, or null (drawn)`);
      out[name] = value ?? null;
      continue;
    }
    const number = kind === 'count' || kind === 'id' ? NUMBERS[kind] : null;
    const good = number
      ? Number.isInteger(value) && (value as number) >= 1 && (value as number) <= number.most
      : kind === 'text'
        ? typeof value === 'string'
        : typeof value === kind &&
          (kind !== 'string' || ((value as string).length > 0 && (value as string).length <= 512));
    if (!good) throw new BadBody(`"${name}" is ${number ? number.words : `a ${kind === 'text' ? 'string' : kind}`}`);
    out[name] = value;
  }
  return out as { [K in keyof F]: FieldValue<F[K]> };
}

/** A submission's form: `lang`, and its files under `files` (each named by its path in the bot's folder). */
async function submissionBody(c: Context): Promise<{ lang: string; files: SentFile[] }> {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
    throw new BadBody('a submission is a multipart/form-data form: lang, and its files as "files"');
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new BadBody('the form could not be read (multipart/form-data)');
  }
  const lang = form.get('lang');
  if (typeof lang !== 'string') throw new BadBody('the form has no "lang" (python, cpp, ...)');
  const files: SentFile[] = [];
  for (const part of form.getAll('files')) {
    if (typeof part === 'string') throw new BadBody('"files" are files, not text fields');
    files.push({ path: part.name, data: new Uint8Array(await part.arrayBuffer()) });
  }
  return { lang, files };
}
