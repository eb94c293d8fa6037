/**
 * The games a contest site plays here at once, shared by its contests: a slot is a game being played
 * or a validation's game about to be. A free slot goes to the contest with the fewest games in play
 * among those waiting for one, so that a busy contest does not starve the others; where workers play
 * the games, slots are unlimited.
 */
import { Signal } from './signal.js';

/** A contest as the pool sees it: how many of its games hold a slot. */
export interface SlotUser {
  inPlay(): number;
}

export class SlotPool {
  private used = 0;
  /** Contests that had a game to start but no slot, with when they began to wait. */
  private readonly waiting = new Map<SlotUser, number>();
  private waits = 0;
  private readonly signal = new Signal();

  constructor(readonly size: number) {}

  /** Whether `user` may take a slot: one is free, and no contest waiting for one has fewer games in play. */
  mayTake(user: SlotUser): boolean {
    if (this.used >= this.size) return false;
    const mine = user.inPlay();
    for (const [other, since] of this.waiting)
      if (other !== user && (other.inPlay() < mine || (other.inPlay() === mine && since < this.waitingSince(user))))
        return false;
    return true;
  }

  /** `user` has a game to start and waits for a slot. */
  want(user: SlotUser): void {
    if (!this.waiting.has(user)) this.waiting.set(user, this.waits++);
  }

  /** `user` no longer waits (it took a slot, or has nothing to start): the others may go. */
  unwant(user: SlotUser): void {
    if (this.waiting.delete(user)) this.signal.notify();
  }

  take(): void {
    this.used++;
  }

  give(): void {
    this.used--;
    this.signal.notify();
  }

  /** A validation's slot: taken at once, so that no new game starts; resolves once the games in play leave it free. */
  async hold(): Promise<void> {
    this.used++;
    while (this.used > this.size) await this.signal.wait();
  }

  /** Resolves when a slot is given back or a contest stops waiting. */
  news(): Promise<void> {
    return this.signal.wait();
  }

  private waitingSince(user: SlotUser): number {
    return this.waiting.get(user) ?? Number.POSITIVE_INFINITY;
  }
}
