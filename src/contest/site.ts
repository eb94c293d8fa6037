/**
 * A contest site (`tabula ladder [GAME...]`): one contest a game, served by one process from one
 * database, with one admin key, one set of invites and one account an author, good in every contest.
 * The site shares among its contests the games played here at once (slots.ts) and the builders (one
 * build an author at a time, build-queue.ts); each contest keeps its own leagues, bosses, entrants,
 * ratings, finals, freeze and table sizes (contest.ts). A database of one contest, of an older Tabula,
 * opens as a site of that contest.
 */
import type { GameDefinition } from '../core/game.js';
import { StoreError } from '../runs/store/errors.js';
import type { Store } from '../runs/store/store.js';
import { BuildQueue, defaultBuilds } from './build-queue.js';
import { Contest, type ContestSettings, checkSandbox, defaultTestGames } from './contest.js';
import { ContestError } from './contest-error.js';
import { contestLeagues } from './leagues.js';
import { FIRST_RATING } from './ratings.js';
import { hashSecret, matchesHash, newSecret, SECRET } from './secrets.js';
import { SlotPool } from './slots.js';
import type { AuthorRecord } from './store/records.js';
import { SiteTables } from './store/site-tables.js';
import { defaultMix } from './table-mix.js';
import { TestLanes } from './test-lanes.js';

/** An author's name: lower case, as bot names are (a version is named `<author>.v<n>`). */
const AUTHOR_NAME = /^[a-z][a-z0-9_-]{1,31}$/;
/**
 * Names no author may take, that would pass for someone else on the pages (`admin.v1` on the
 * leaderboard): the admin's, a boss's (`wood-boss`), and the words of the site's routes.
 */
const RESERVED_NAMES = new Set([
  ...['admin', 'administrator', 'organiser', 'organizer', 'root', 'tabula', 'builtin', 'boss'],
  ...['api', 'assets', 'login', 'logout', 'submit', 'authors', 'submissions', 'finals', 'games', 'leaderboard'],
  ...['contests', 'rules', 'starters'],
]);
const reservedName = (name: string): boolean =>
  RESERVED_NAMES.has(name) || name.startsWith('admin') || name.endsWith('boss');
/** Why builds in hand were ended: they are built again at the next start. */
const STOPPED = 'the server stopped';

export class ContestSite {
  /** Its contests, in the order of the games asked for. */
  readonly contests: readonly Contest[];
  readonly people: SiteTables;
  private readonly builds: BuildQueue;
  private readonly lanes: TestLanes;
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly store: Store,
    games: readonly GameDefinition[],
    settings: ContestSettings,
  ) {
    this.people = new SiteTables(store);
    const slots = new SlotPool(
      settings.redis === undefined ? Math.max(1, settings.concurrency) : Number.POSITIVE_INFINITY,
    );
    const buildSlots = Math.max(1, settings.builds ?? defaultBuilds());
    this.builds = new BuildQueue(buildSlots, (id, signal) => this.contestOfEntrant(id).buildJob(id, signal));
    this.lanes = new TestLanes(Math.max(0, settings.testGames ?? defaultTestGames(settings.concurrency)));
    const records = this.people.contests();
    const shared = {
      store,
      people: this.people,
      slots,
      builds: this.builds,
      lanes: this.lanes,
      settings,
      changed: () => this.changed(),
    };
    this.contests = games.map((game) => new Contest(records.find((r) => r.game === game.id)!, game, shared));
  }

  /**
   * The site in `store`, with a contest of each game of `games` (made where the database has none:
   * all at once, with the admin key where the site is new, which is then returned, the one time it
   * is known: only its hash is kept). `games` may be empty where the database holds contests: then
   * it is theirs (`gameOf` finds each).
   */
  static async open(
    store: Store,
    games: readonly GameDefinition[],
    settings: ContestSettings,
    gameOf: (id: string) => Promise<GameDefinition>,
  ): Promise<{ site: ContestSite; adminKey: string | null }> {
    checkSandbox();
    const people = new SiteTables(store);
    const held = people.contests();
    const served = games.length > 0 ? games : held.length > 0 ? await Promise.all(held.map((c) => gameOf(c.game))) : [];
    if (served.length === 0) throw new StoreError(`${store.path} holds no contest: name the games to serve`);
    let adminKey: string | null = null;
    for (const game of served) {
      if (held.some((c) => c.game === game.id)) continue;
      const fresh = people.adminHash() === null;
      if (fresh) adminKey = newSecret(SECRET.admin);
      const bosses = contestLeagues(game).flatMap((l) => (l.boss === null ? [] : [{ boss: l.boss, league: l.index }]));
      people.createContest(game.id, defaultMix(game), bosses, FIRST_RATING, fresh ? hashSecret(adminKey!) : null);
    }
    return { site: new ContestSite(store, served, settings), adminKey };
  }

  /** Submissions built at once, every contest's. */
  get buildSlots(): number {
    return this.builds.slots;
  }

  /** Test games of drafts played at once, every contest's; 0 when Play is off. */
  get testSlots(): number {
    return this.lanes.size;
  }

  /** The contest of a game; null when the site serves none of it. */
  contest(gameId: string): Contest | null {
    return this.contests.find((c) => c.game.id === gameId) ?? null;
  }

  /** Called whenever standings, a submission or the admin's switches change, in any contest: pages fetch again. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Who is asking.

  isAdminKey(key: string): boolean {
    const hash = this.people.adminHash();
    return hash !== null && matchesHash(key, hash);
  }

  authorOfToken(token: string): AuthorRecord | null {
    return this.people.authorByToken(hashSecret(token));
  }

  /** `count` new invites, each good for one author, in every contest of the site. */
  invite(count: number): string[] {
    return makeInvites(this.store, count);
  }

  /** A new author, made with an invite: their token, which only they will know. */
  join(invite: string, name: string): { author: AuthorRecord; token: string } {
    if (!AUTHOR_NAME.test(name))
      throw new ContestError(
        'refused',
        `the name ${JSON.stringify(name.slice(0, 40))} is not one: 2 to 32 characters, lower case letters, digits, _ and -, a letter first`,
      );
    if (reservedName(name))
      throw new ContestError(
        'refused',
        `the name ${name} is kept for the site itself (the admin, the bosses, its pages): choose another`,
      );
    const token = newSecret(SECRET.token);
    const joined = this.people.join(hashSecret(invite), name, hashSecret(token));
    if (joined === 'name taken') throw new ContestError('conflict', `the name ${name} is taken`);
    if (typeof joined === 'string') throw new ContestError('refused', `that invite code is not good: ${joined}`);
    this.changed();
    return { author: joined, token };
  }

  // Playing.

  /** Claims every contest for this process: one server plays a contest at a time (another one's claim is a `StoreError` naming it). */
  claim(): void {
    const claimed: number[] = [];
    try {
      for (const contest of this.contests) {
        contest.claim();
        claimed.push(contest.runId);
      }
    } catch (err) {
      for (const run of claimed) this.store.releaseRun(run);
      throw err;
    }
  }

  /** Plays every contest until `stop`, then gives up the claims. */
  async run(): Promise<void> {
    this.claim();
    await Promise.all(this.contests.map((c) => c.run()));
    await this.builds.idle();
    await Promise.all(this.contests.map((c) => c.tests.idle()));
    for (const contest of this.contests) this.store.releaseRun(contest.runId);
  }

  /**
   * Stops handing out games and building: what is being played finishes first (validations too);
   * builds in hand are ended, to be built again at the next start, as those waiting are.
   */
  stop(): void {
    for (const contest of this.contests) contest.stop();
    this.builds.stop(STOPPED);
    this.lanes.stop();
  }

  private contestOfEntrant(id: number): Contest {
    const found = this.contests.find((c) => c.tables.entrant(id) !== null);
    if (!found) throw new Error(`entrant ${id} is of no contest served here`);
    return found;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * `count` new invites to the site in `store` (also while its server runs, from another process),
 * each good for one author: only their hashes are kept.
 */
export function makeInvites(store: Store, count: number): string[] {
  const people = new SiteTables(store);
  if (people.adminHash() === null)
    throw new StoreError(`${store.path} holds no contest: start one with tabula ladder <game> --db ${store.path}`);
  const codes = Array.from({ length: count }, () => newSecret(SECRET.invite));
  people.addInvites(codes.map(hashSecret));
  return codes;
}
