/**
 * A contest of one game, on a contest site (site.ts) with the others: its authors (the site's) submit
 * bots; each submission is built in the sandbox, validated against the lowest league's boss at two
 * seats, from both, and at the contest's largest table, and, accepted, replaces its author's active
 * version; every active version and boss is ranked by games that never stop (schedule.ts), at tables
 * of the sizes of the contest's mix (table-mix.ts), played here or on workers exactly as a run's
 * games, each stored the moment it ends and rated in the same transaction as its link to the plan
 * (so nothing is lost or counted twice, whatever stops the contest); a version passing its league's
 * boss is promoted for good. The admin freezes the games, sets the table sizes, retires a version,
 * cancels a build, and starts a final. Everything is in the site's database; the same command after
 * a stop, even a SIGKILL, goes on from there. What becomes of each submission is one line on the
 * server's stderr.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { type Bot, parseBotSpec } from '../arena/bot-spec.js';
import { timedOutTurn } from '../arena/replay-timeout.js';
import { viewProblem } from '../arena/sandbox/file-view.js';
import { type BotLimits, DEFAULT_LIMITS } from '../arena/sandbox/limits.js';
import { type Enforcement, unenforced } from '../arena/sandbox/sandbox.js';
import { type GameDefinition, SetupError } from '../core/game.js';
import type { GameResult } from '../core/game-result.js';
import { randomSeed } from '../core/rng.js';
import { MACHINE_TRIES, type TimedOutTurn } from '../core/time-control.js';
import type { PlannedGame } from '../runs/formats/format.js';
import { playHere } from '../runs/parallel-games.js';
import { type PlayedScheduled, playScheduled, type RunGames, type RunInPlay } from '../runs/scheduled-game.js';
import { RunBusyError, StoreError } from '../runs/store/errors.js';
import { GameWriter } from '../runs/store/game-writer.js';
import type { StoredGame } from '../runs/store/records.js';
import { databaseFiles, type Store } from '../runs/store/store.js';
import { defaultCache, type PackedFiles, packFiles, unpackBotFiles, unpackedFiles } from '../runs/workers/bot-files.js';
import { playOnWorkers } from '../runs/workers/coordinator.js';
import { findLanguage, type Language } from '../starters/kit.js';
import { BUILD_LIMITS, type BuildLimits, build } from './build.js';
import type { BuildInHand, BuildJob, BuildQueue } from './build-queue.js';
import { ContestError } from './contest-error.js';
import { type ContestLeague, contestLeagues } from './leagues.js';
import { FIRST_RATING, ratedOutcome, voidReason } from './ratings.js';
import { ContestSchedule, type ScheduleBook } from './schedule.js';
import type { SlotPool } from './slots.js';
import type { AuthorRecord, ContestRecord, EntrantRecord, GameOutcome, PlannedContestGame } from './store/records.js';
import type { SiteTables } from './store/site-tables.js';
import { ContestTables } from './store/tables.js';
import { contestLanguages, type SentFile, submittedFiles, submittedLanguage } from './submission.js';
import { finalTables, largestTable, rotations, type TableMix } from './table-mix.js';
import { TestGames } from './test-games.js';
import type { TestLanes } from './test-lanes.js';
import { decide, VERDICT_GAMES, type Verdict, verdictOf } from './verdict.js';

/** Every game's bots: the sandbox of strangers' code, in a view of their own files. */
export const PLAY_LIMITS: BotLimits = { ...DEFAULT_LIMITS, files: 'own' };
/** Submissions an author may make in an hour. */
export const SUBMISSIONS_PER_HOUR = 10;
/** Why a build was ended by the admin (it is rejected so); one ended by a stop is built again at the next start. */
const CANCELLED = 'cancelled by the admin';
/** What an author is told of a fault of Tabula's own: the details (a path of the server's) are the organiser's. */
const SERVER_FAULT =
  "Tabula could not build or validate it: an error of the server's, not of the submission; the organiser has the details";

/** How a site's contests are played and built; the same for every contest of the site. */
export interface ContestSettings {
  /** Games at once here, every contest's together; unused where workers play them. */
  readonly concurrency: number;
  /** Plays the games on workers, through the queue in this Redis. */
  readonly redis?: string;
  /** Where a build's files are unpacked to be played (the workers' cache by default). */
  readonly cache?: string;
  /**
   * What plays the games instead of the arena, here or on workers: the schedule's games, stored and
   * told to `run.onGame` as the executors do (a benchmark's instant games).
   */
  readonly executor?: (run: RunInPlay) => Promise<void>;
  /** Submissions built at once, every contest's together, one an author at most (build-queue.ts's default). */
  readonly builds?: number;
  /** A build's limits (BUILD_LIMITS unless a test lowers them). */
  readonly buildLimits?: BuildLimits;
  /** Where each line of what becomes of a submission goes: the server's stderr unless given. */
  readonly log?: (line: string) => void;
  /** Twin games a new version plays at most for its verdict (verdict.ts; VERDICT_GAMES unless set; 0: none). */
  readonly verdictGames?: number;
  /** Test games of authors' drafts played at once, every contest's (test-lanes.ts; `defaultTestGames` unless set; 0: none). */
  readonly testGames?: number;
}

/** Test games at once unless the organiser says otherwise: a quarter of the slots, one at least. */
export const defaultTestGames = (concurrency: number): number => Math.max(1, Math.floor(concurrency / 4));

/** What a contest shares with the site's others: the database, its people, the slots and the builders. */
export interface ContestShared {
  readonly store: Store;
  readonly people: SiteTables;
  readonly slots: SlotPool;
  readonly builds: BuildQueue;
  /** The test games' share of the slots. */
  readonly lanes: TestLanes;
  readonly settings: ContestSettings;
  /** Called whenever anything of the contest changes: pages fetch again. */
  readonly changed: () => void;
}

export class Contest {
  readonly leagues: readonly ContestLeague[];
  /** The languages it takes, and those this machine lacks the tools for. */
  readonly languages: { readonly taken: readonly Language[]; readonly missing: readonly string[] };
  readonly schedule: ContestSchedule;
  /** Every entrant that can play, by id: bosses, and versions with a build. */
  private readonly bots: Bot[] = [];
  private readonly runGames: RunGames;
  private stopping = false;
  private record: ContestRecord;
  readonly store: Store;
  /** The site's authors, invites and sessions. */
  readonly people: SiteTables;
  private readonly settings: ContestSettings;

  /** The contest's own tables, in the site's file. */
  readonly tables: ContestTables;
  /** Its authors' drafts and test games, apart from the ladder. */
  readonly tests: TestGames;
  /**
   * Versions none of whose predecessor's games is left to twin: for good, since a retired predecessor
   * plays no more rated games and an opponent retired never plays again (not read for every game).
   */
  private readonly untwinnable = new Set<number>();
  /** Each league's boss, by entrant id: made with the contest, never promoted; read for every game rated. */
  private readonly bossIds: ReadonlyMap<number, number>;

  /** The contest `record` of `game`: made by the site (site.ts), which checked the sandbox. */
  constructor(
    record: ContestRecord,
    readonly game: GameDefinition,
    private readonly shared: ContestShared,
  ) {
    ({ store: this.store, people: this.people, settings: this.settings } = shared);
    this.tables = new ContestTables(shared.store, record.id);
    this.bossIds = new Map(this.tables.entrants().flatMap((e) => (e.authorId === null ? [[e.league, e.id]] : [])));
    this.record = record;
    this.leagues = contestLeagues(game);
    this.languages = contestLanguages(game.id);
    this.schedule = new ContestSchedule(this.book(), shared.slots);
    this.runGames = {
      game,
      config: { bots: [], timeLimits: game.timeLimits, gameOptions: {}, limits: PLAY_LIMITS },
      bots: this.bots,
    };
    this.tests = new TestGames(
      record.id,
      {
        game,
        languages: this.languages.taken,
        config: this.runGames.config,
        opponent: (id) => {
          const entrant = this.tables.entrant(id);
          const bot = entrant?.status === 'active' ? this.bots[id] : undefined;
          return entrant && bot ? { entrant, bot } : null;
        },
        lastSubmitted: (authorId, lang) => this.lastSubmitted(authorId, lang),
        authorName: (id) => this.authorName(id),
      },
      {
        store: shared.store,
        slots: shared.slots,
        lanes: shared.lanes,
        ...(this.settings.buildLimits && { buildLimits: this.settings.buildLimits }),
        ...(this.settings.cache !== undefined && { cache: this.settings.cache }),
        log: (line) => this.log(line),
        changed: () => this.changed(),
      },
    );
  }

  get frozen(): boolean {
    return this.record.frozen;
  }

  get tableMix(): TableMix {
    return this.record.tableMix;
  }

  get runId(): number {
    return this.record.runId;
  }

  /** Submissions the site builds at once, every contest's. */
  get buildSlots(): number {
    return this.shared.builds.slots;
  }

  authorName(id: number): string {
    return this.people.author(id)!.name;
  }

  // Submissions.

  /** Takes a submission of the author's: kept, then built, validated and activated in turn. */
  submit(author: AuthorRecord, lang: string, sent: readonly SentFile[]): EntrantRecord {
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    if (this.tables.submittedSince(author.id, hourAgo) >= SUBMISSIONS_PER_HOUR)
      throw new ContestError('too many', `at most ${SUBMISSIONS_PER_HOUR} submissions an hour: try again later`);
    const language = submittedLanguage(lang, this.languages.taken);
    const files = submittedFiles(sent, language, this.game);
    const entrant = this.tables.submit(author.id, language.id, packFiles(files).packed, FIRST_RATING);
    this.tell(entrant.id, 'received');
    this.queueBuild(entrant);
    this.changed();
    return entrant;
  }

  /** The text of the main file of the author's newest submission in `lang`; null for none. */
  private lastSubmitted(authorId: number, lang: string): string | null {
    const newest = this.tables
      .entrants()
      .filter((e) => e.authorId === authorId && e.lang === lang)
      .at(-1);
    const packed = newest && this.tables.source(newest.id);
    if (!packed) return null;
    const main = unpackedFiles(packed).find((f) => f.path === findLanguage(lang).main);
    return main ? Buffer.from(main.data, 'base64').toString('utf8') : null;
  }

  // The admin's switches.

  setFrozen(frozen: boolean): void {
    this.tables.setFrozen(frozen);
    this.record = this.tables.get();
    this.schedule.changed();
    this.changed();
  }

  /** The table sizes of the ladder's next games (a final's are its own). */
  setTableMix(mix: TableMix): void {
    this.tables.setTableMix(mix);
    this.record = this.tables.get();
    this.schedule.changed();
    this.changed();
  }

  /** Retires an active version: its games are kept, no longer rated; its author's next version may replace it. */
  retire(id: number): EntrantRecord {
    const entrant = this.tables.entrant(id);
    if (!entrant || entrant.authorId === null) throw new ContestError('not found', `no submission ${id}`);
    if (entrant.status !== 'active')
      throw new ContestError('conflict', `submission ${id} is ${entrant.status}, not active`);
    this.tables.setStatus(id, 'retired', 'retired by the admin');
    this.tell(id, 'retired by the admin');
    this.schedule.changed();
    this.changed();
    return this.tables.entrant(id)!;
  }

  /**
   * Cancels a submission waiting to be built or being built: its build's processes end at once, and
   * it is rejected, the admin's doing.
   */
  cancel(id: number): EntrantRecord {
    const entrant = this.tables.entrant(id);
    if (!entrant || entrant.authorId === null) throw new ContestError('not found', `no submission ${id}`);
    if (entrant.status !== 'building')
      throw new ContestError('conflict', `submission ${id} is ${entrant.status}: only a build can be cancelled`);
    this.shared.builds.cancel(id, CANCELLED);
    this.tables.setStatus(id, 'rejected', CANCELLED);
    this.tell(id, CANCELLED);
    this.changed();
    return this.tables.entrant(id)!;
  }

  /**
   * The contest's builds in hand (since when) and its submissions waiting to be built, in the order
   * they came (the site builds every contest's, in turn).
   */
  builds(): { readonly building: readonly BuildInHand[]; readonly waiting: readonly BuildJob[] } {
    const mine = (job: BuildJob) => this.tables.entrant(job.id) !== null;
    return { building: this.shared.builds.building().filter(mine), waiting: this.shared.builds.queued().filter(mine) };
  }

  /** How many builds, of any contest of the site, come before a submission's while it waits to be built; null otherwise. */
  buildsAhead(id: number): number | null {
    return this.shared.builds.ahead(id);
  }

  /**
   * A final: `rounds` rounds of the active versions at tables of the mix's largest size (every pair
   * in a round at tables of two; a fresh random deal each round at larger tables, its tables as even
   * as the game allows), each table in every rotation of its seats on one seed, ranked apart from the
   * ladder (its ratings start afresh); the ladder waits until it is over.
   */
  startFinal(rounds: number): number {
    if (this.finalOn()) throw new ContestError('conflict', 'a final is being played already');
    const versions = this.tables.entrants().filter((e) => e.authorId !== null && e.status === 'active');
    if (versions.length < 2) throw new ContestError('conflict', 'a final needs two active versions at least');
    const final = this.tables.startFinal(
      rounds,
      versions.map((v) => v.id),
    );
    const size = Math.min(largestTable(this.tableMix), versions.length);
    const tables: Omit<PlannedContestGame, 'index' | 'pair'>[][] = [];
    const ids = versions.map((v) => v.id);
    for (let round = 0; round < rounds; round++)
      for (const table of finalTables(ids, size, Math.random)) {
        const seed = randomSeed();
        tables.push(rotations(table).map((seats) => ({ kind: 'final', seats, seed, final: final.id })));
      }
    this.schedule.enqueue(this.tables.plan(tables));
    this.changed();
    return final.id;
  }

  // Playing.

  /**
   * Claims the contest for this process: one server plays a contest at a time (another one's claim,
   * a live process's, is a `StoreError` naming it). `run` gives it up when it ends.
   */
  claim(): void {
    try {
      this.store.claimRun(this.runId);
    } catch (err) {
      if (!(err instanceof RunBusyError)) throw err;
      throw new StoreError(
        `the ${this.game.id} contest in ${this.store.path} is already being served by process ${err.pid} on ${err.host} (since ${err.since})`,
      );
    }
  }

  /**
   * Plays the contest until `stop`: first what a stop left (games stored but not yet rated, games
   * planned but not played, submissions not yet built or validated), then games without end. The
   * site has claimed it.
   */
  async run(): Promise<void> {
    this.tests.start();
    const contest = this.tables;
    for (const { index, gameId } of contest.storedUnlinked(this.runId)) {
      const [stored] = this.store.gamesWithIds([gameId]);
      this.settle(contest.planned(index)!, gameId, stored!.result);
    }
    this.endFinalIfPlayed();
    for (const entrant of contest.entrants()) if (entrant.status !== 'rejected') this.enter(entrant);
    for (const entrant of contest.entrants())
      if (entrant.status === 'building' || entrant.status === 'validating') this.queueBuild(entrant);
    const unplayed = contest.unplayed();
    for (const game of unplayed.filter((g) => g.kind === 'validation')) contest.drop(game.index);
    this.schedule.enqueue(unplayed.filter((g) => g.kind !== 'validation'));

    const run: RunInPlay = {
      games: this.runGames,
      runId: this.runId,
      store: this.store,
      schedule: this.schedule,
      onGame: (game) => this.schedule.record(game),
    };
    if (this.settings.executor) await this.settings.executor(run);
    else if (this.settings.redis === undefined) {
      const writer = new GameWriter(this.store.path);
      try {
        await playHere(run, writer, Number.POSITIVE_INFINITY, false);
      } finally {
        await writer.close();
      }
    } else {
      await playOnWorkers(run, {
        redis: this.settings.redis,
        // The job names its contest: the game, and the site's file and the contest's run.
        runKey: `contest-${this.game.id}-${createHash('sha256')
          .update(`${resolve(this.store.path)}\n${this.runId}`)
          .digest('hex')
          .slice(0, 16)}`,
        folder: process.cwd(),
        filesOf: (bot) => this.filesOf(bot),
      });
    }
  }

  /** Stops handing out games: what is being played finishes first (validations too). */
  stop(): void {
    this.stopping = true;
    this.schedule.stop();
    this.tests.stop();
  }

  // What the schedule reads and plans.

  private book(): ScheduleBook {
    return {
      playing: () => this.tables.entrants().filter((e) => e.status === 'active' && this.bots[e.id] !== undefined),
      frozen: () => this.record.frozen,
      tableMix: () => this.record.tableMix,
      finalOn: () => this.finalOn(),
      planTable: (entrants) => {
        const seed = randomSeed();
        return this.tables.plan([rotations(entrants).map((seats) => ({ kind: 'rated', seats, seed, final: null }))]);
      },
      drop: (game) => this.tables.drop(game.index),
      twinTable: () => this.twinTable(),
      playable: (game) => game.kind === 'final' || (game.kind === 'rated' && game.seats.every(this.active)),
      stored: (game) => this.stored(game),
    };
  }

  /**
   * The next table of twin games for an open verdict (the version with the fewest twin games planned
   * first), planned; empty when no verdict wants one.
   */
  private twinTable(): readonly PlannedContestGame[] {
    const twins = this.tables.twins;
    const open = twins
      .open()
      .map((verdict) => ({ verdict, planned: twins.twinsPlanned(verdict) }))
      .filter((v) => v.planned < this.verdictGames)
      .sort((a, b) => a.planned - b.planned);
    for (const { verdict } of open) {
      if (this.untwinnable.has(verdict.entrant)) continue;
      const table = twins.nextTable(verdict, this.active);
      if (table.length > 0) return this.tables.plan([table]);
      this.untwinnable.add(verdict.entrant);
    }
    return [];
  }

  /** A version's verdict against the version it replaced, as its author reads it; null for a first version. */
  verdict(entrant: EntrantRecord): Verdict | null {
    const twins = this.tables.twins;
    const verdict = twins.verdict(entrant.id);
    if (!verdict) return null;
    const stopped =
      entrant.status !== 'active'
        ? `it is ${entrant.status}`
        : twins.twinsPlanned(verdict) >= this.verdictGames
          ? `the contest's cap of ${this.verdictGames} twin games was reached`
          : twins.nextTable(verdict, this.active).length === 0
            ? 'no game of its predecessor’s is left to twin against opponents still playing'
            : null;
    const against = this.tables.entrant(verdict.predecessor)!;
    return verdictOf(this.nameOf(against), twins.pairs(verdict), verdict.decided, stopped);
  }

  /** Twin games a version plays at most for its verdict. */
  private get verdictGames(): number {
    return this.settings.verdictGames ?? VERDICT_GAMES;
  }

  /** Whether an entrant plays now (an opponent a twin game may seat). */
  private readonly active = (id: number): boolean => this.tables.entrant(id)?.status === 'active';

  /** A twin game was rated: its version's tests take the pair it completed. */
  private judge(planned: PlannedContestGame): void {
    const twinned = this.tables.planned(planned.twinOf!);
    if (!twinned) return;
    const twins = this.tables.twins;
    for (const id of planned.seats) {
      const verdict = twins.verdict(id);
      if (!verdict || !twinned.seats.includes(verdict.predecessor)) continue;
      twins.setDecided(id, decide(twins.pairs(verdict), verdict.decided));
    }
  }

  private finalOn(): boolean {
    return this.tables.finals().some((f) => f.endedAt === null);
  }

  /** A game of the contest's was stored: it is linked to its plan, and rated if it counts. */
  private stored(game: StoredGame): void {
    const planned = this.tables.planned(game.index);
    if (!planned) return;
    this.settle(planned, game.id, game.result);
    if (planned.kind === 'final') this.endFinalIfPlayed();
  }

  /** What a stored game does: its ratings and promotions, or why it rates nobody; in one transaction. */
  private settle(planned: PlannedContestGame, gameId: number, result: GameResult): void {
    let outcome = this.outcome(planned, gameId, result);
    let again: PlannedContestGame | undefined;
    // A timeout the machine caused: the game again from its seed, the seats alike, until the tries are spent.
    if (!outcome.rated && outcome.machine) {
      const tries = this.tables.tries(planned);
      again = tries < MACHINE_TRIES ? planned : undefined;
      const ruling = again ? `played again (try ${tries + 1} of ${MACHINE_TRIES})` : `the last of ${tries} tries`;
      outcome = { ...outcome, note: `${outcome.note}: ${ruling}` };
    }
    const replayed = this.tables.played(planned.index, gameId, outcome, again);
    if (replayed) this.schedule.again(replayed);
    if (outcome.rated && planned.twinOf != null) this.judge(planned);
    if (outcome.rated)
      for (const [id, league] of outcome.leagues) this.tell(id, `promoted to the ${this.leagues[league]!.name} league`);
    this.changed();
  }

  private outcome(planned: PlannedContestGame, gameId: number, result: GameResult): GameOutcome {
    if (planned.kind !== 'rated') return { rated: false, note: '' };
    const seats = planned.seats.map((id) => this.tables.entrant(id)!);
    const gone = seats.find((e) => e.status !== 'active');
    if (gone) return { rated: false, note: `${this.nameOf(gone)} was ${gone.status} before the game ended` };
    return ratedOutcome(seats, result, this.failingTurn(gameId, result), (league) => this.bossOf(league));
  }

  /** The failing turn's CPU and limit, where a bot ran out of time (the replay is read for it). */
  private failingTurn(gameId: number, result: GameResult): TimedOutTurn | null {
    if (!result.players.some((p) => p.status === 'timeout')) return null;
    const turn = this.store.replay(gameId)?.turns.find((t) => t.failure?.status === 'timeout');
    return turn ? timedOutTurn(turn) : null;
  }

  private endFinalIfPlayed(): void {
    const final = this.tables.finals().find((f) => f.endedAt === null);
    if (!final) return;
    if (this.tables.gamesOfKind('final', final.id).every((g) => g.gameId !== null)) {
      this.tables.endFinal(final.id);
      this.schedule.changed();
      this.changed();
    }
  }

  /** The boss of league `league`'s entrant; null for the top league. */
  private bossOf(league: number): EntrantRecord | null {
    const id = this.bossIds.get(league);
    return id === undefined ? null : this.tables.entrant(id);
  }

  /** An entrant's name: `wood-boss`, `alice.v3`. */
  nameOf(entrant: EntrantRecord): string {
    if (entrant.authorId === null) return `${this.leagues[entrant.league]!.name}-boss`;
    return `${this.authorName(entrant.authorId)}.v${entrant.version}`;
  }

  /** Makes an entrant playable: its bot, in the folder of its build. */
  private enter(entrant: EntrantRecord): void {
    const name = this.nameOf(entrant);
    if (entrant.boss !== null) {
      const argument = `${name}=builtin:${entrant.boss}`;
      this.bots[entrant.id] = { argument, name, spec: parseBotSpec(this.game, argument) };
      return;
    }
    if (entrant.buildHash === null || entrant.lang === null) return;
    const packed = this.tables.build(entrant.buildHash)!;
    const dir = unpackBotFiles(entrant.buildHash, packed, this.settings.cache ?? defaultCache());
    const argument = `${name}=${findLanguage(entrant.lang).run}`;
    this.bots[entrant.id] = { argument, name, spec: parseBotSpec(this.game, argument), dir };
  }

  /** The build a version's bot runs among, for workers. */
  private filesOf(bot: Bot): PackedFiles | null {
    const entrant = this.tables.entrants().find((e) => this.bots[e.id] === bot);
    if (!entrant?.buildHash) return null;
    return { hash: entrant.buildHash, packed: this.tables.build(entrant.buildHash)! };
  }

  // Building and validating: several submissions at once, one an author, in the order they came.

  private queueBuild(entrant: EntrantRecord): void {
    this.shared.builds.add(entrant.id, entrant.authorId!);
  }

  /** A submission's build and validation, in a build slot of the site's; never throws. */
  async buildJob(id: number, signal: AbortSignal): Promise<void> {
    if (this.stopping) return;
    try {
      await this.buildAndValidate(id, signal);
    } catch (err) {
      // A fault of Tabula's, not the submission's: its details (a server's path) for the organiser
      // alone, in a line; the author is told it was not theirs.
      this.tell(id, `an error of the server's while building or validating it: ${(err as Error)?.message ?? err}`);
      if (!signal.aborted) this.reject(id, SERVER_FAULT);
    }
  }

  private async buildAndValidate(id: number, signal: AbortSignal): Promise<void> {
    const contest = this.tables;
    const entrant = contest.entrant(id)!;
    if (entrant.status !== 'building' && entrant.status !== 'validating') return;
    contest.setStatus(id, 'building');
    this.changed();
    const language = findLanguage(entrant.lang!);
    const limits = this.settings.buildLimits ?? BUILD_LIMITS;
    const files = unpackedFiles(contest.source(id)!);
    const built = await build(files, language, databaseFiles(this.store.path), limits, signal);
    // Cancelled, it is rejected already (its log: what it printed until then); stopped, it is built
    // again at the next start.
    if (signal.aborted) {
      if (signal.reason === CANCELLED) contest.appendLog(id, built.log);
      return;
    }
    contest.appendLog(id, built.log);
    if (!built.ok) return this.reject(id, built.reason);
    contest.setBuild(id, built.build.hash, built.build.packed);
    this.tell(id, 'built');
    contest.setStatus(id, 'validating');
    this.changed();
    this.enter(contest.entrant(id)!);
    const refusal = await this.validate(contest.entrant(id)!);
    if (refusal) return this.reject(id, refusal);
    this.tell(id, 'validated');
    const retired = contest.activate(id);
    this.tell(id, `active in the ${this.leagues[contest.entrant(id)!.league]!.name} league`);
    if (retired !== null) this.tell(retired, `retired: ${contest.entrant(retired)!.reason}`);
    this.schedule.changed();
    this.changed();
  }

  private reject(id: number, reason: string): void {
    this.tables.setStatus(id, 'rejected', reason);
    this.tell(id, `rejected: ${reason}`);
    this.changed();
  }

  /**
   * What became of a submission, in one line of the server's log: `tabula: submission 12 (morris
   * alice.v3, cpp): rejected: ...`; a reason's lines joined, and cut short (a crash's quotes the bot's stderr).
   */
  private tell(id: number, event: string): void {
    const entrant = this.tables.entrant(id);
    if (!entrant) return;
    this.log(`tabula: submission ${id} (${this.game.id} ${this.nameOf(entrant)}, ${entrant.lang}): ${oneLine(event)}`);
  }

  /** A line of the server's log: the settings' `log`, else stderr. */
  private log(line: string): void {
    if (this.settings.log) this.settings.log(line);
    else process.stderr.write(`${line}\n`);
  }

  /**
   * A validation's seatings: two seats, the version in each; and at the contest's largest table, if
   * larger, the version in its last seat (which two seats never give it), the boss in the others.
   */
  private validationSeatings(entrant: EntrantRecord, boss: EntrantRecord): number[][] {
    const seatings = [
      [entrant.id, boss.id],
      [boss.id, entrant.id],
    ];
    const largest = largestTable(this.tableMix);
    if (largest > 2) seatings.push([...Array<number>(largest - 1).fill(boss.id), entrant.id]);
    return seatings;
  }

  /**
   * Games against the lowest league's boss on one seed: two at two seats, one from each, and, where the
   * contest plays larger tables, one at its largest, the other seats the boss's: a timeout, a crash
   * or an invalid line of the version's rejects it, naming the turn and the game; a timeout the
   * machine caused (ratings.ts) plays the game again, up to MACHINE_TRIES times. Each game takes
   * one of the site's slots, so that the games being played keep their cores.
   */
  private async validate(entrant: EntrantRecord): Promise<string | null> {
    const boss = this.bossOf(0)!;
    const seed = randomSeed();
    for (const [k, seats] of this.validationSeatings(entrant, boss).entries()) {
      const seat = seats.indexOf(entrant.id);
      for (let tries = 1; ; tries++) {
        const [game] = this.tables.plan([[{ kind: 'validation', seats, seed, final: null }]]);
        const { gameId, result, replay } = await this.playValidation(game!);
        const failed = result.players.find((p) => p.seat === seat && p.status !== 'ok');
        if (!failed) break;
        const turn = replay.turns.find((t) => t.seat === seat && t.failure);
        const machine = turn && voidReason(result, timedOutTurn(turn));
        if (machine && tries < MACHINE_TRIES) continue;
        const at = turn?.turn ?? replay.turns.length;
        return `${failed.status} at turn ${at} of validation game ${k + 1} (seat ${seat}): ${failed.message} (/games/${gameId}#turn=${at})`;
      }
    }
    return null;
  }

  /** Plays a validation game in a slot of the contest's, and stores it. */
  private async playValidation(
    game: PlannedContestGame,
  ): Promise<{ gameId: number } & Pick<PlayedScheduled, 'result' | 'replay'>> {
    await this.shared.slots.hold();
    let played: PlayedScheduled;
    try {
      played = await playScheduled(this.runGames, plannedGame(game), {
        builtinsAsProcesses: true,
        forfeitUnstarted: true,
        hidden: databaseFiles(this.store.path),
      });
    } finally {
      this.shared.slots.give();
    }
    const { replay, ...rest } = played;
    const gameId = this.store.recordGame({ runId: this.runId, ...rest }, replay)!;
    this.tables.played(game.index, gameId, { rated: false, note: '' });
    return { gameId, result: played.result, replay };
  }

  private changed(): void {
    this.shared.changed();
  }
}

/**
 * Refuses, with `SetupError`, a machine where strangers' bots could not be kept in their sandbox:
 * without their view of the files (bubblewrap), their cgroups (memory, processes, containment) or
 * their own network namespace. A contest runs strangers' code or not at all.
 */
export function checkSandbox(): void {
  const view = viewProblem();
  const off = [...unenforced()].filter(([what]) => STRANGERS_NEED.includes(what));
  const problems = [
    ...(view ? [`a view of their own files: ${view}`] : []),
    ...off.map(([what, why]) => `${what}: ${why}`),
  ];
  if (problems.length > 0)
    throw new SetupError(
      `a contest runs strangers' bots, which this machine cannot keep in their sandbox: ${problems.join('; ')}`,
    );
}

const STRANGERS_NEED: readonly Enforcement[] = ['memory', 'processes', 'containment', 'network'];

/** The most of an event a log line holds. */
const LOG_LINE_MAX = 500;

/** Text as one line of a log: its lines joined by ⏎, no control character (a bot's stderr may hold any), cut short. */
function oneLine(text: string): string {
  const line = text
    .trim()
    .replace(/\s*\n\s*/g, ' ⏎ ')
    .replace(/\p{Cc}/gu, '�');
  return line.length > LOG_LINE_MAX ? `${line.slice(0, LOG_LINE_MAX)}…` : line;
}

const plannedGame = (game: PlannedContestGame): PlannedGame => ({
  index: game.index,
  round: 0,
  seats: game.seats,
  seed: game.seed,
  deal: game.pair,
});
