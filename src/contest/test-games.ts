/**
 * An author's drafts and test games in a contest, from the browser's editor: a draft per author and
 * language, saved as they type; a test game builds the draft exactly as a submission is built (the
 * same sandbox, limits and messages; a build kept by the content of its files, so that pressing Play
 * again on the same text builds nothing) and plays it once against a boss or an active version, at
 * every seat but its own, on a seed chosen or drawn. Test games rate nobody, are stored under the
 * contest's run of tests, apart from its ladder, and are deleted after TEST_GAMES_KEPT_DAYS. They
 * take the organiser's share of the site's slots (test-lanes.ts), at most TESTS_PER_MINUTE an
 * author, one in hand at a time.
 */
import type { Bot } from '../arena/bot-spec.js';
import { parseBotSpec } from '../arena/bot-spec.js';
import type { GameDefinition } from '../core/game.js';
import { randomSeed } from '../core/rng.js';
import type { RunGameConfig } from '../runs/run-config.js';
import { playScheduled } from '../runs/scheduled-game.js';
import { databaseFiles, type Store } from '../runs/store/store.js';
import { defaultCache, type PackedFile, packFiles, unpackBotFiles } from '../runs/workers/bot-files.js';
import { gameKit } from '../starters/game-kit.js';
import type { Language } from '../starters/kit.js';
import { BUILD_LIMITS, type BuildLimits, build } from './build.js';
import { ContestError } from './contest-error.js';
import type { SlotPool } from './slots.js';
import { DraftTables } from './store/draft-tables.js';
import type { DraftBuildRecord, EntrantRecord, TestGameRecord } from './store/records.js';
import { submittedFiles, submittedLanguage } from './submission.js';
import type { TestLanes } from './test-lanes.js';

/** Test games an author may ask for in a minute, in every contest together. */
export const TESTS_PER_MINUTE = 4;
/** How long a test game and its stored game are kept. */
export const TEST_GAMES_KEPT_DAYS = 7;
/** The most a draft's text may hold, in bytes. */
export const MAX_DRAFT_BYTES = 1 << 20;
/** How often test games past their time are deleted. */
const EXPIRY_EVERY_MS = 3600_000;
/** What an author is told of a fault of Tabula's own: the details (a server's path) are the organiser's. */
const SERVER_FAULT = "Tabula could not build or play it: an error of the server's, not of the draft";
const STOPPED = 'the server stopped before it was played: press Play again';

/** Where a draft's text comes from when the editor opens it. */
export type DraftSource = 'draft' | 'submission' | 'starter';

/** What the editor opens for an author in a language. */
export interface OpenedDraft {
  readonly lang: string;
  readonly file: string;
  readonly text: string;
  readonly from: DraftSource;
  readonly savedAt: string | null;
}

/** A test game asked for: the draft's text, and the table; null where drawn. */
export interface TestRequest {
  readonly lang: string;
  readonly text: string;
  readonly opponent: number;
  readonly seat: number | null;
  readonly seed: number | null;
  readonly players: number | null;
}

/** What test games need of their contest. */
export interface TestHost {
  readonly game: GameDefinition;
  readonly languages: readonly Language[];
  /** How the contest's games are played (time limits, the sandbox's limits). */
  readonly config: RunGameConfig;
  /** An entrant that plays now (a boss, an active version) with its bot; null for any other. */
  opponent(id: number): { readonly entrant: EntrantRecord; readonly bot: Bot } | null;
  /** The text of the main file of the author's newest submission in the language; null for none. */
  lastSubmitted(authorId: number, lang: string): string | null;
  authorName(id: number): string;
}

/** What test games share with the site: the database, the slots, the lanes, the build limits. */
export interface TestShared {
  readonly store: Store;
  readonly slots: SlotPool;
  readonly lanes: TestLanes;
  readonly buildLimits?: BuildLimits;
  readonly cache?: string;
  readonly log: (line: string) => void;
  readonly changed: () => void;
}

export class TestGames {
  readonly tables: DraftTables;
  /** The run the test games are stored under (made on the first one). */
  private run: number | null = null;
  private readonly builds = new Set<AbortController>();
  /** The test games asked for and not yet over. */
  private readonly inHand = new Set<Promise<void>>();
  private expiry: NodeJS.Timeout | null = null;

  constructor(
    contestId: number,
    private readonly host: TestHost,
    private readonly shared: TestShared,
  ) {
    this.tables = new DraftTables(shared.store, contestId);
  }

  /** The run the contest's test games are stored under. */
  get runId(): number {
    this.run ??= this.tables.testRun(this.host.game.id);
    return this.run;
  }

  /** Test games at once on the site: 0 when Play is off. */
  get slots(): number {
    return this.shared.lanes.size;
  }

  /** What a stop left unfinished is failed; test games past their time are deleted now and every hour. */
  start(): void {
    this.tables.failUnfinished(STOPPED);
    this.expire();
    this.expiry = setInterval(() => this.expire(), EXPIRY_EVERY_MS);
    this.expiry.unref();
  }

  /** Builds in hand are ended; games being played finish and are stored. */
  stop(): void {
    if (this.expiry) clearInterval(this.expiry);
    for (const controller of this.builds) controller.abort();
  }

  /** Resolves once every test game in hand is over (stored, or failed). */
  async idle(): Promise<void> {
    await Promise.all([...this.inHand]);
  }

  // Drafts.

  /** The author's draft in `lang`; else their newest submission's source in it; else its starter. */
  draft(authorId: number, lang: string): OpenedDraft {
    const language = submittedLanguage(lang, this.host.languages);
    const draft = this.tables.draft(authorId, language.id);
    const shown = { lang: language.id, file: language.main };
    if (draft) return { ...shown, text: draft.text, from: 'draft', savedAt: draft.savedAt };
    const submitted = this.host.lastSubmitted(authorId, language.id);
    if (submitted !== null) return { ...shown, text: submitted, from: 'submission', savedAt: null };
    const starter = gameKit(this.host.game, language).find((f) => f.path === language.main)!;
    return { ...shown, text: starter.text, from: 'starter', savedAt: null };
  }

  /** Saves the author's draft in `lang`; when. */
  saveDraft(authorId: number, lang: string, text: string): string {
    const language = submittedLanguage(lang, this.host.languages);
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_DRAFT_BYTES)
      throw new ContestError('refused', `the draft holds ${bytes} bytes: a draft holds at most ${MAX_DRAFT_BYTES}`);
    return this.tables.saveDraft(authorId, language.id, text);
  }

  /** The language the author saved a draft in last; null for none. */
  lastLanguage(authorId: number): string | null {
    return this.tables.lastLanguage(authorId);
  }

  // Test games.

  /**
   * A test game of the author's draft, asked for: the draft is saved, then built and played in turn.
   * Refused while Play is off, past the per-minute limit (with the wait), while another is in hand,
   * or for a table the game does not have.
   */
  ask(authorId: number, request: TestRequest): TestGameRecord {
    if (this.slots === 0) throw new ContestError('refused', 'the organiser has turned test games off');
    const { game } = this.host;
    const opponent = this.host.opponent(request.opponent);
    if (!opponent)
      throw new ContestError(
        'not found',
        `no opponent ${request.opponent}: a boss or an active version of this contest`,
      );
    const players = request.players ?? game.seats.min;
    if (!Number.isInteger(players) || players < game.seats.min || players > game.seats.max)
      throw new ContestError(
        'refused',
        game.seats.min === game.seats.max
          ? `${game.title} is played by ${game.seats.min}`
          : `a table of ${game.title} has ${game.seats.min} to ${game.seats.max} players`,
      );
    if (request.seat !== null && !(Number.isInteger(request.seat) && request.seat >= 0 && request.seat < players))
      throw new ContestError('refused', `the seat is from 0 to ${players - 1}`);
    if (request.seed !== null && !(Number.isInteger(request.seed) && request.seed >= 0 && request.seed < 2 ** 32))
      throw new ContestError('refused', `the seed is an integer from 0 to ${2 ** 32 - 1}`);
    const inHand = this.tables.inHand(authorId);
    if (inHand)
      throw new ContestError('conflict', `your test game ${inHand.id} is still being built or played: wait for it`);
    this.checkPace(authorId);

    this.saveDraft(authorId, request.lang, request.text);
    const language = submittedLanguage(request.lang, this.host.languages);
    const files = submittedFiles([{ path: language.main, data: Buffer.from(request.text) }], language, game);
    const sourceHash = `${language.id}-${packFiles(files).hash}`;
    const id = this.tables.addTest({
      authorId,
      lang: language.id,
      sourceHash,
      opponent: opponent.entrant.id,
      players,
      seat: request.seat ?? Math.floor(Math.random() * players),
      seed: request.seed ?? randomSeed(),
    });
    const test = this.tables.test(id)!;
    const playing = this.play(test, files, language).finally(() => this.inHand.delete(playing));
    this.inHand.add(playing);
    this.shared.changed();
    return test;
  }

  /** How many tests wait ahead of this one for a lane; null when it does not wait. */
  ahead(id: number): number | null {
    return this.shared.lanes.ahead(id);
  }

  /** The build a test game's draft made; null before it was built. */
  buildOf(test: TestGameRecord): DraftBuildRecord | null {
    return this.tables.draftBuild(test.sourceHash);
  }

  /** Past TESTS_PER_MINUTE in the last minute: `too many`, with the seconds until the oldest leaves the minute. */
  private checkPace(authorId: number): void {
    const minuteAgo = Date.now() - 60_000;
    const asked = this.tables.askedSince(authorId, new Date(minuteAgo).toISOString());
    if (asked.length < TESTS_PER_MINUTE) return;
    const wait = Math.max(1, Math.ceil((Date.parse(asked[0]!) - minuteAgo) / 1000));
    throw new ContestError('too many', `at most ${TESTS_PER_MINUTE} test games a minute: try again in ${wait} s`, wait);
  }

  /** Builds the draft (or finds its build) and plays its game, in a lane; never throws. */
  private async play(test: TestGameRecord, files: PackedFile[], language: Language): Promise<void> {
    const { tables } = this;
    if (!(await this.shared.lanes.take(test.id))) {
      tables.setStatus(test.id, 'failed', STOPPED);
      return this.shared.changed();
    }
    try {
      const found = tables.draftBuild(test.sourceHash);
      if (found) tables.setCached(test.id, true);
      const built = found ?? (await this.build(test, files, language));
      if (built === null) tables.setStatus(test.id, 'failed', STOPPED);
      else if (!built.ok || built.build === null) tables.setStatus(test.id, 'failed', built.reason);
      else {
        tables.setStatus(test.id, 'playing');
        this.shared.changed();
        await this.playGame(test, built.build, language);
      }
    } catch (err) {
      this.shared.log(
        `tabula: test game ${test.id} (${this.host.game.id}, ${this.host.authorName(test.authorId)}): an error of the server's: ${(err as Error)?.message ?? err}`,
      );
      tables.setStatus(test.id, 'failed', SERVER_FAULT);
    } finally {
      this.shared.lanes.give();
      this.shared.changed();
    }
  }

  /** Builds a draft never built before, as a submission is built, and keeps the outcome; null when the server stopped it. */
  private async build(test: TestGameRecord, files: PackedFile[], language: Language): Promise<DraftBuildRecord | null> {
    this.tables.setCached(test.id, false);
    this.tables.setStatus(test.id, 'building');
    this.shared.changed();
    const controller = new AbortController();
    this.builds.add(controller);
    try {
      const built = await build(
        files,
        language,
        databaseFiles(this.shared.store.path),
        this.shared.buildLimits ?? BUILD_LIMITS,
        controller.signal,
      );
      if (controller.signal.aborted) return null;
      const record: DraftBuildRecord = built.ok
        ? { sourceHash: test.sourceHash, ok: true, build: built.build, reason: '', log: built.log }
        : { sourceHash: test.sourceHash, ok: false, build: null, reason: built.reason, log: built.log };
      this.tables.saveDraftBuild(record);
      return record;
    } finally {
      this.builds.delete(controller);
    }
  }

  /** Plays the test game in a slot of the site's, and stores it before anything else. */
  private async playGame(
    test: TestGameRecord,
    built: { readonly hash: string; readonly packed: Buffer },
    language: Language,
  ): Promise<void> {
    const { game, config } = this.host;
    const opponent = this.host.opponent(test.opponent);
    if (!opponent) {
      this.tables.setStatus(test.id, 'failed', 'the opponent no longer plays (retired or replaced): choose another');
      return;
    }
    const name = `${this.host.authorName(test.authorId)}.draft`;
    const argument = `${name}=${language.run}`;
    const dir = unpackBotFiles(built.hash, built.packed, this.shared.cache ?? defaultCache());
    const draftBot: Bot = { argument, name, spec: parseBotSpec(game, argument), dir };
    const seats = Array.from({ length: test.players }, (_, seat) => (seat === test.seat ? 0 : 1));
    await this.shared.slots.hold();
    let played: Awaited<ReturnType<typeof playScheduled>>;
    try {
      played = await playScheduled(
        { game, config, bots: [draftBot, opponent.bot] },
        { index: test.id, round: 0, seats, seed: test.seed, deal: 0 },
        { builtinsAsProcesses: true, forfeitUnstarted: true, hidden: databaseFiles(this.shared.store.path) },
      );
    } finally {
      this.shared.slots.give();
    }
    const { replay, ...rest } = played;
    const gameId = this.shared.store.recordGame({ runId: this.runId, ...rest }, replay);
    const place = played.result.players.find((p) => p.seat === test.seat)?.rank ?? test.players;
    if (gameId !== null) this.tables.played(test.id, gameId, place);
    else this.tables.setStatus(test.id, 'failed', SERVER_FAULT);
  }

  /** Deletes the test games past their time, with their stored games and the builds no test game uses. */
  private expire(): void {
    const before = new Date(Date.now() - TEST_GAMES_KEPT_DAYS * 86_400_000).toISOString();
    const games = this.tables.expire(before);
    if (games.length > 0) this.shared.store.forgetGames(this.runId, games);
  }
}
