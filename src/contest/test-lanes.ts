/**
 * The test games a contest site plays at once, every contest's and author's together: the organiser's
 * share of its slots (`tabula ladder --test-games`). A test holds a lane from its build to its game's
 * end, in the order they were asked for, so that a class pressing Play queues behind its own tests
 * and the ladder keeps the rest of the machine.
 */
export class TestLanes {
  private used = 0;
  private readonly waiting: { readonly id: number; readonly go: (taken: boolean) => void }[] = [];
  private stopped = false;

  constructor(readonly size: number) {}

  /** Resolves true once test `id` holds a lane; false when the site stops first (or plays no test game). */
  take(id: number): Promise<boolean> {
    if (this.stopped || this.size === 0) return Promise.resolve(false);
    if (this.used < this.size && this.waiting.length === 0) {
      this.used++;
      return Promise.resolve(true);
    }
    return new Promise((go) => this.waiting.push({ id, go }));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next.go(true);
    else this.used--;
  }

  /** How many tests wait ahead of test `id`; null when it does not wait. */
  ahead(id: number): number | null {
    const at = this.waiting.findIndex((w) => w.id === id);
    return at < 0 ? null : at;
  }

  /** No test takes a lane any more: those waiting are told so. */
  stop(): void {
    this.stopped = true;
    for (const w of this.waiting.splice(0)) w.go(false);
  }
}
