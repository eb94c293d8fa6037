/**
 * A contest's games as the run formats' executors take them (runs/formats/format.ts), here or on
 * workers: never complete. It hands out, in order, games planned before a stop that were not played,
 * the other rotations of each table's seats (on the table's seed), a final's games while a final is
 * on, and otherwise a new table (pairing.ts); it waits while the contest is frozen, while nobody has
 * an opponent, or while the site's slots are taken (slots.ts; a validation holds one), and says when
 * that changes. Twin games of a version waiting for its verdict (verdict.ts) come before new tables.
 */
import type { PlannedGame, Schedule } from '../runs/formats/format.js';
import type { StoredGame } from '../runs/store/records.js';
import { type Candidate, chooseTable, idleTurn } from './pairing.js';
import { Signal } from './signal.js';
import type { SlotPool } from './slots.js';
import type { EntrantRecord, PlannedContestGame } from './store/records.js';
import type { TableMix } from './table-mix.js';

/** What the schedule reads of the contest, and plans in it. */
export interface ScheduleBook {
  /** Entrants that play rated games now: bosses and active versions with a build. */
  playing(): readonly EntrantRecord[];
  frozen(): boolean;
  /** The table sizes its ladder games are played at. */
  tableMix(): TableMix;
  /** Whether a final is on, and whether it still has games to hand out or being played. */
  finalOn(): boolean;
  /** Plans the next table of twin games an open verdict wants (verdict.ts); empty when none does. */
  twinTable(): readonly PlannedContestGame[];
  /** Plans a table's rated games on one seed, one in each rotation of its seats (`entrants` in the first's order). */
  planTable(entrants: readonly number[]): readonly PlannedContestGame[];
  /** A planned game that will not be played: an entrant of it no longer plays. */
  drop(game: PlannedContestGame): void;
  /** Whether a planned game may still be played (its entrants still play, or it is a final's). */
  playable(game: PlannedContestGame): boolean;
  /** A game of the contest's was stored. */
  stored(game: StoredGame): void;
}

export class ContestSchedule implements Schedule {
  readonly total = Number.POSITIVE_INFINITY;
  /** Planned games to hand out before any new table, in order. */
  private readonly queue: PlannedContestGame[] = [];
  private readonly inPlay = new Map<number, PlannedContestGame>();
  private stopped = false;
  private turn = 0;
  private readonly lastPlanned = new Map<number, number>();
  private readonly signal = new Signal();
  private readonly user = { inPlay: () => this.inPlay.size };

  constructor(
    private readonly book: ScheduleBook,
    /** The site's slots, shared with its other contests. */
    private readonly slots: SlotPool,
    private readonly random: () => number = Math.random,
  ) {
    // A slot given back may be this contest's to take.
    void this.follow();
  }

  /** Games planned earlier to hand out first (after a stop, a final's). */
  enqueue(games: readonly PlannedContestGame[]): void {
    // One planned already to be played again (settled at a start) is not queued twice.
    this.queue.push(...games.filter((g) => !this.queue.some((q) => q.index === g.index)));
    this.signal.notify();
  }

  /** A game to play again before any other (its timeout was the machine's). */
  again(game: PlannedContestGame): void {
    this.queue.unshift(game);
    this.signal.notify();
  }

  next(): PlannedGame | 'wait' | null {
    if (this.stopped) {
      this.slots.unwant(this.user);
      return null;
    }
    if (!this.slots.mayTake(this.user)) {
      this.slots.want(this.user);
      return 'wait';
    }
    const game = this.fromQueue() ?? this.newTable();
    this.slots.unwant(this.user);
    if (!game) return 'wait';
    this.slots.take();
    this.inPlay.set(game.index, game);
    for (const id of game.seats) this.lastPlanned.set(id, Date.now());
    return { index: game.index, round: 0, seats: game.seats, seed: game.seed, deal: game.pair };
  }

  record(game: StoredGame): string {
    if (this.inPlay.delete(game.index)) this.slots.give();
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

  /** No more games: those being played finish. */
  stop(): void {
    this.stopped = true;
    this.slots.unwant(this.user);
    this.signal.notify();
  }

  /** Games handed out and not stored yet. */
  playingNow(): readonly PlannedContestGame[] {
    return [...this.inPlay.values()];
  }

  private async follow(): Promise<void> {
    while (!this.stopped) {
      await this.slots.news();
      this.signal.notify();
    }
  }

  private fromQueue(): PlannedContestGame | null {
    for (let game = this.queue.shift(); game; game = this.queue.shift()) {
      if (this.book.playable(game)) return game;
      this.book.drop(game);
    }
    return null;
  }

  private newTable(): PlannedContestGame | null {
    if (this.book.frozen() || this.book.finalOn()) return null;
    const turn = this.turn++;
    // A version's twin games go first, until its verdict is known, but on the turns of the longest idle.
    const [twin, ...twins] = idleTurn(turn) ? [] : this.book.twinTable();
    if (twin) {
      this.queue.unshift(...twins);
      return twin;
    }
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
    const table = chooseTable(candidates, this.book.tableMix(), turn, this.random);
    if (!table) return null;
    const [first, ...rest] = this.book.planTable(table.map((c) => c.id));
    this.queue.unshift(...rest);
    return first!;
  }
}
