import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import {
  errorOf,
  type StoreReply,
  type StoreRequest,
  type StoreStarted,
  type StoreThreadData,
} from "./pglite-protocol.js";
import { requestStart } from "./request-order.js";

/** A request to the store's thread, less the id this side gives it. */
type Outgoing = StoreRequest extends infer R ? (R extends StoreRequest ? Omit<R, "id"> : never) : never;

/**
 * A new thread running the worker's module beside this one: its build in dist, or, when the server runs from its
 * source (tests), its source through tsx, whose loader a thread does not inherit.
 */
function startWorker(workerData: StoreThreadData): Worker {
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(new URL("./pglite-worker.js", import.meta.url), { workerData });
  const source = new URL("./pglite-worker.ts", import.meta.url).href;
  // Found from the working directory, as `--import tsx` found it for the server.
  const boot = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/** Whether each parser leaves the text as it came, the only kind a statement can take to the store's thread. */
function textTypesOf(parsers: QueryOptions["parsers"]): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse("probe", Number(type)) !== "probe") {
      throw new Error(`type ${type}: only parsers that keep the text can be used with the store's thread`);
    }
    return Number(type);
  });
}

/**
 * The embedded store (PGlite) in a thread of its own, with the methods of PGlite that drizzle and the server call:
 * `query`, `exec`, `transaction` and `close`. PGlite runs each statement to its end without yielding; in the
 * server's thread, requests then wait for every statement, and the server's own work (checking requests, writing
 * answers) waits for them too. Here the two run on two cores, as the server and PostgreSQL do. The store's thread runs
 * the statements the oldest request's first, each tagged with when its request began (request-order.ts).
 */
export class PgliteThread {
  /** For drizzle and the gate, as PGlite's: this store answers from the moment `open` resolves. */
  readonly ready = true;
  readonly waitReady = Promise.resolve();
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private lastId = 0;
  /** Why the store no longer answers: it was closed, or its thread stopped. */
  private stopped: Error | null = null;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    onStopped: (error: Error) => void,
  ) {
    worker.on("message", (reply: StoreReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(errorOf(reply.failure));
    });
    const stop = (error: Error) => {
      if (this.stopped) return;
      this.stopped = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      if (!this.closing) onStopped(error);
    };
    worker.on("error", (error) => stop(new Error("the embedded store's thread failed", { cause: error })));
    worker.on("exit", (code) => stop(new Error(`the embedded store's thread stopped (exit code ${code})`)));
  }

  /**
   * Opens the store in `dataDir` in a new thread. `onStopped` hears once if the thread stops without being closed
   * (PGlite aborted): nothing is answered after that.
   */
  static async open(dataDir: string, onStopped: (error: Error) => void): Promise<PgliteThread> {
    const worker = startWorker({ dataDir });
    let listeners: { message(started: StoreStarted): void; error(error: Error): void; exit(code: number): void };
    const started = await new Promise<StoreStarted>((resolve, reject) => {
      listeners = {
        message: resolve,
        error: reject,
        exit: (code) => reject(new Error(`the embedded store's thread stopped (exit code ${code})`)),
      };
      worker.once("message", listeners.message).once("error", listeners.error).once("exit", listeners.exit);
    });
    // Only these: the worker's own listeners (which keep its port referenced) stay.
    worker.off("message", listeners!.message).off("error", listeners!.error).off("exit", listeners!.exit);
    if (!started.started) {
      await worker.terminate();
      throw errorOf(started.failure);
    }
    return new PgliteThread(worker, onStopped);
  }

  get closed(): boolean {
    return this.stopped !== null;
  }

  async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results<T>> {
    const { rowMode = "object", parsers, ...rest } = options;
    const unsupported = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
    if (unsupported.length > 0) {
      throw new Error(`query options not supported by the store's thread: ${unsupported.join(", ")}`);
    }
    return this.send({
      op: "query",
      sql,
      params,
      rowMode,
      textTypes: textTypesOf(parsers),
      rank: rank(),
      tx,
    }) as Promise<Results<T>>;
  }

  exec(sql: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.send({ op: "exec", sql, rank: rank(), tx }) as Promise<Results[]>;
  }

  /**
   * Runs `callback` in a transaction, which holds the store until it ends: committed when `callback` resolves, rolled
   * back when it throws (or called `rollback`).
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const number = (await this.send({ op: "begin", rank: rank() })) as number;
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.send({ op: "end", tx: number, commit });
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.query<R>(sql, params, options, number),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, number),
      sql: () => Promise.reject(new Error("tagged statements are not supported by the store's thread")),
      listen: () => Promise.reject(new Error("LISTEN is not supported by the store's thread")),
      rollback: () => end(false),
      get closed() {
        return ended;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // The rollback's own failure (the thread stopped) says less than the error that caused it.
      await end(false).catch(() => undefined);
      throw error;
    }
    await end(true);
    return result;
  }

  /** Closes the store (PGlite flushes it to its directory); the thread then ends. */
  async close(): Promise<void> {
    if (this.stopped) return;
    this.closing = true;
    await this.send({ op: "close" });
    this.stopped = new Error("the embedded store is closed");
    await this.worker.terminate();
  }

  private send(request: Outgoing): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }
}

/** When the request being served began, which decides the order of statements in the store's thread. */
function rank(): number {
  return requestStart.getStore() ?? performance.now();
}
