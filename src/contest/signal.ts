/** A wake-up call: every `wait` since the last `notify` resolves at the next. */
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
