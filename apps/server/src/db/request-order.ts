import { AsyncLocalStorage } from "node:async_hooks";

/**
 * When the request being served began (`performance.now()`), for the statements it runs. Set around each request by
 * `app.ts` when the store is the embedded one.
 */
export const requestStart = new AsyncLocalStorage<number>();

interface Waiter {
  rank: number;
  go: () => void;
}

/**
 * One statement at a time, the oldest request's first, in the thread that runs PGlite (its own, pglite-worker.ts, or
 * the tests' own). PGlite runs one statement at a time, in the order they were sent: a request that reads in several steps (its session, its members, then its
 * rows) then queues each step behind the statements every newer request sent meanwhile, and at a few requests in
 * flight its latency becomes the sum of theirs. Here a statement waits only for those of requests that began before
 * its own (then in the order they were sent), so requests finish about in the order they came. Statements outside a
 * request (upkeep, migrations) rank by when they are sent.
 */
export class OldestRequestFirst {
  private busy = false;
  private readonly waiting: Waiter[] = [];

  /**
   * Runs `work` once the statements before it have. `rank` is when the request that sends it began; by default the
   * request being served here ({@link requestStart}), or now outside any.
   */
  async run<T>(work: () => Promise<T>, rank?: number): Promise<T> {
    if (this.busy) {
      const ranked = rank ?? requestStart.getStore() ?? performance.now();
      await new Promise<void>((go) => {
        // After every statement of an older or equally old request.
        let at = this.waiting.length;
        while (at > 0 && this.waiting[at - 1]!.rank > ranked) at -= 1;
        this.waiting.splice(at, 0, { rank: ranked, go });
      });
    } else {
      this.busy = true;
    }
    try {
      return await work();
    } finally {
      // The next statement takes over while the gate is still busy, so none sent meanwhile can pass it; it starts once
      // the event loop has polled for I/O, so that the answers already written go out (and requests that arrived are
      // read) between two statements, each of which holds the thread while it runs.
      const next = this.waiting.shift();
      if (next) setImmediate(next.go);
      else this.busy = false;
    }
  }
}
