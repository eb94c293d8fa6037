/**
 * A contest's submissions on their way to be built: up to `slots` builds beside each other, at most
 * one an author (an author's later submissions wait behind their own earlier one), otherwise in the
 * order they came; so that a build that hangs until its wall limit holds up its author alone. A
 * build in hand is ended at once through its AbortSignal; one waiting is taken out.
 */
import { availableParallelism } from 'node:os';

/**
 * Builds at once unless the organiser says otherwise: half the cores, two at least, so that one
 * author's build never holds up everyone (a build runs at the lowest CPU weight, after the games).
 */
export const defaultBuilds = (): number => Math.max(2, Math.floor(availableParallelism() / 2));

/** A submission to build, and its author's id. */
export interface BuildJob {
  readonly id: number;
  readonly author: number;
}

/** A build in hand: since when (an ISO time). */
export interface BuildInHand extends BuildJob {
  readonly since: string;
}

/** Builds (and whatever follows them: validation) of submissions, `slots` at once. */
export class BuildQueue {
  private readonly waiting: BuildJob[] = [];
  private readonly inHand = new Map<number, BuildInHand & { readonly controller: AbortController }>();
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    readonly slots: number,
    /** Builds a submission, ending its processes when `signal` aborts (its reason says why); never throws. */
    private readonly work: (id: number, signal: AbortSignal) => Promise<void>,
  ) {}

  /** Queues a submission, built as soon as a slot, and its author, are free; nothing once stopped. */
  add(id: number, author: number): void {
    if (this.stopped || this.has(id)) return;
    this.waiting.push({ id, author });
    this.startNext();
  }

  has(id: number): boolean {
    return this.inHand.has(id) || this.waiting.some((j) => j.id === id);
  }

  /** The builds in hand, the oldest first. */
  building(): readonly BuildInHand[] {
    return [...this.inHand.values()].map(({ id, author, since }) => ({ id, author, since }));
  }

  /** The submissions waiting, in the order they came. */
  queued(): readonly BuildJob[] {
    return [...this.waiting];
  }

  /**
   * How many builds come before a waiting submission's: those waiting ahead of it, and its author's
   * own build in hand, which it waits behind; null when it does not wait.
   */
  ahead(id: number): number | null {
    const at = this.waiting.findIndex((j) => j.id === id);
    if (at < 0) return null;
    const author = this.waiting[at]!.author;
    return at + ([...this.inHand.values()].some((b) => b.author === author) ? 1 : 0);
  }

  /**
   * Takes a submission out: one waiting leaves the queue; one in hand has its build ended at once
   * (its signal aborts with `reason`). Which it was; null when it was neither.
   */
  cancel(id: number, reason: string): 'waiting' | 'building' | null {
    const at = this.waiting.findIndex((j) => j.id === id);
    if (at >= 0) {
      this.waiting.splice(at, 1);
      return 'waiting';
    }
    const build = this.inHand.get(id);
    if (!build) return null;
    build.controller.abort(reason);
    return 'building';
  }

  /** No build starts any more; those in hand are ended (their signals abort with `reason`). */
  stop(reason: string): void {
    this.stopped = true;
    this.waiting.length = 0;
    for (const build of this.inHand.values()) build.controller.abort(reason);
  }

  /** Resolves once no build is in hand. */
  idle(): Promise<void> {
    if (this.inHand.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private startNext(): void {
    while (!this.stopped && this.inHand.size < this.slots) {
      const busy = new Set([...this.inHand.values()].map((b) => b.author));
      const at = this.waiting.findIndex((j) => !busy.has(j.author));
      if (at < 0) return;
      const [job] = this.waiting.splice(at, 1);
      const controller = new AbortController();
      this.inHand.set(job!.id, { ...job!, since: new Date().toISOString(), controller });
      void this.work(job!.id, controller.signal).finally(() => {
        this.inHand.delete(job!.id);
        this.startNext();
        if (this.inHand.size === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
    }
  }
}
