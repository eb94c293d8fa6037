/**
 * A contest's games as the run formats' executors take them (runs/formats/format.ts), here or on
 * workers: never complete. It hands out, in order, games planned before a stop that were not played,
 * the second game of each pair (seats swapped on the pair's seed), a final's games while a final is
 * on, and otherwise a new pair (pairing.ts); it waits while the contest is frozen, while nobody has
 * an opponent, or while its slots are taken (a validation holds one), and says when that changes.
 */
import type { PlannedGame, Schedule } from '../runs/formats/format.js';
import type { StoredGame } from '../runs/store/records.js';
import { type Candidate, choosePair } from './pairing.js';
import type { EntrantRecord, PlannedContestGame } from './store/records.js';

/** What the schedule reads of the contest, and plans in it. */
export interface ScheduleBook {
  /** Entrants that play rated games now: bosses and active versions with a build. */
  playing(): readonly EntrantRecord[];
  frozen(): boolean;
  /** Whether a final is on, and whether it still has games to hand out or being played. */
  finalOn(): boolean;
  /** Plans a pair of rated games between two entrants on one seed, seats swapped. */
  planPair(first: number, second: number): readonly [PlannedContestGame, PlannedContestGame];
  /** A planned game that will not be played: an entrant of it no longer plays. */
  drop(game: PlannedContestGame): void;
  /** Whether a planned game may still be played (its entrants still play, or it is a final's). */
  playable(game: PlannedContestGame): boolean;
  /** A game of the contest's was stored. */
  stored(game: StoredGame): void;
}

/** Resolves every waiter at the next `notify`. */
export class Signal {
  private waiting: { promise: Promise<void>; resolve: () => void } | null = null;

  wait(): Promise<void> {
    if (!this.waiting) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.waiting = { promise, resolve };
    }
    return this.waiting.promise;
  }

  notify(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve();
  }
}

export class ContestSchedule implements Schedule {
  readonly total = Number.POSITIVE_INFINITY;
  /** Planned games to hand out before any new pair, in order. */
  private readonly queue: PlannedContestGame[] = [];
  private readonly inPlay = new Map<number, PlannedContestGame>();
  /** Slots a validation holds. */
  private held = 0;
  private stopped = false;
  private turn = 0;
  private readonly lastPlanned = new Map<number, number>();
  private readonly signal = new Signal();

  constructor(
    private readonly book: ScheduleBook,
    /** Games at once, validations included (Infinity where workers play them). */
    private readonly slots: number,
    private readonly random: () => number = Math.random,
  ) {}

  /** Games planned earlier to hand out first (after a stop, a final's). */
  enqueue(games: readonly PlannedContestGame[]): void {
    this.queue.push(...games);
    this.signal.notify();
  }

  next(): PlannedGame | 'wait' | null {
    if (this.stopped) return null;
    if (this.inPlay.size + this.held >= this.slots) return 'wait';
    const game = this.fromQueue() ?? this.newPair();
    if (!game) return 'wait';
    this.inPlay.set(game.index, game);
    for (const id of game.seats) this.lastPlanned.set(id, Date.now());
    return { index: game.index, round: 0, seats: game.seats, seed: game.seed, deal: game.pair };
  }

  record(game: StoredGame): string {
    this.inPlay.delete(game.index);
    this.book.stored(game);
    this.signal.notify();
    return '';
  }

  decided(): boolean {
    return this.stopped;
  }

  news(): Promise<void> {
    return this.signal.wait();
  }

  /** Something the schedule waits on changed: an entrant came or went, a freeze or a final began or ended. */
  changed(): void {
    this.signal.notify();
  }

  /**
   * Takes a slot for a validation game: the next one free (games being played keep theirs), which no
   * new game takes meanwhile.
   */
  async hold(): Promise<void> {
    this.held++;
    while (this.inPlay.size + this.held > this.slots) await this.news();
  }

  release(): void {
    this.held--;
    this.signal.notify();
  }

  /** No more games: those being played finish. */
  stop(): void {
    this.stopped = true;
    this.signal.notify();
  }

  /** Games handed out and not stored yet. */
  playingNow(): readonly PlannedContestGame[] {
    return [...this.inPlay.values()];
  }

  private fromQueue(): PlannedContestGame | null {
    for (let game = this.queue.shift(); game; game = this.queue.shift()) {
      if (this.book.playable(game)) return game;
      this.book.drop(game);
    }
    return null;
  }

  private newPair(): PlannedContestGame | null {
    if (this.book.frozen() || this.book.finalOn()) return null;
    const playing = this.book.playing();
    const busy = new Map<number, number>();
    for (const g of this.inPlay.values()) for (const id of g.seats) busy.set(id, (busy.get(id) ?? 0) + 1);
    const candidates: Candidate[] = playing.map((e) => ({
      id: e.id,
      authorId: e.authorId,
      league: e.league,
      mu: e.mu,
      sigma: e.sigma,
      games: e.games + (busy.get(e.id) ?? 0),
      lastPlanned: this.lastPlanned.get(e.id) ?? 0,
    }));
    const pair = choosePair(candidates, this.turn++, this.random);
    if (!pair) return null;
    const [first, second] = this.book.planPair(pair[0].id, pair[1].id);
    this.queue.unshift(second);
    return first;
  }
}
