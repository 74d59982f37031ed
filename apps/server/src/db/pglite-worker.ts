/**
 * The thread that runs the embedded store (started by pglite-thread.ts). PGlite runs each statement to its end
 * without yielding; in its own thread it does so while the server's thread reads requests, checks them and writes
 * answers, so the two use two cores as PostgreSQL and the server do. Statements run one at a time, the oldest
 * request's first (request-order.ts); a transaction holds the store from `begin` to `end`, and only its own
 * statements run meanwhile.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import {
  failureOf,
  type StoreReply,
  type StoreRequest,
  type StoreStarted,
  type StoreThreadData,
} from "./pglite-protocol.js";
import { OldestRequestFirst } from "./request-order.js";

if (!parentPort) throw new Error("pglite-worker.ts runs as a worker thread (pglite-thread.ts starts it)");
const port = parentPort;
const { dataDir } = workerData as StoreThreadData;

const reply = (message: StoreReply) => port.postMessage(message);
const succeed = (id: number, value: unknown) => reply({ id, ok: true, value });
const fail = (id: number, error: unknown) => reply({ id, ok: false, failure: failureOf(error) });

const keepText = (value: string) => value;
/** Query options per set of unparsed types, made once each (drizzle asks for the same few on every statement). */
const optionsByTypes = new Map<string, QueryOptions>();
function optionsFor(rowMode: "object" | "array", textTypes: number[]): QueryOptions {
  const key = `${rowMode}:${textTypes.join(",")}`;
  let options = optionsByTypes.get(key);
  if (!options) {
    options = { rowMode, parsers: Object.fromEntries(textTypes.map((type) => [type, keepText])) };
    optionsByTypes.set(key, options);
  }
  return options;
}

/** A transaction's statements, and how to end it: with `true` it commits, with `false` it rolls back. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean, replyTo: number): void;
}

let store: PGlite;
const gate = new OldestRequestFirst();
const transactions = new Map<number, OpenTransaction>();
let lastTransaction = 0;

/** Whom a statement runs on: its transaction, or the store through the gate. */
async function run<T>(
  message: { tx?: number; rank: number },
  work: (on: PGlite | Transaction) => Promise<T>,
): Promise<T> {
  if (message.tx === undefined) return gate.run(() => work(store), message.rank);
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`transaction ${message.tx} is not open`);
  return work(open.tx);
}

/** Holds the gate from the reply to `begin` until the `end` of the same transaction, then commits or rolls back. */
async function begin(id: number, rank: number): Promise<void> {
  const rolledBack = Symbol("rolled back");
  let endReply: number | undefined;
  let number: number | undefined;
  try {
    await gate.run(
      () =>
        store.transaction(async (tx) => {
          number = ++lastTransaction;
          const opened = number;
          const commit = await new Promise<boolean>((resolve) => {
            transactions.set(opened, {
              tx,
              end(commit, replyTo) {
                endReply = replyTo;
                resolve(commit);
              },
            });
            succeed(id, opened);
          });
          transactions.delete(opened);
          if (!commit) throw rolledBack;
        }),
      rank,
    );
    if (endReply !== undefined) succeed(endReply, null);
  } catch (error) {
    if (number !== undefined) transactions.delete(number);
    if (endReply === undefined) fail(id, error);
    else if (error === rolledBack) succeed(endReply, null);
    else fail(endReply, error);
  }
}

async function handle(message: StoreRequest): Promise<void> {
  switch (message.op) {
    case "query": {
      const { sql, params, rowMode, textTypes } = message;
      const result = await run(message, (on) => on.query(sql, params, optionsFor(rowMode, textTypes)));
      succeed(message.id, { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });
      return;
    }
    case "exec": {
      const results = await run(message, (on) => on.exec(message.sql));
      succeed(
        message.id,
        results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows })),
      );
      return;
    }
    case "begin":
      return begin(message.id, message.rank);
    case "end": {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`transaction ${message.tx} is not open`);
      open.end(message.commit, message.id);
      return;
    }
    case "close":
      await store.close();
      succeed(message.id, null);
      port.close();
      return;
  }
}

try {
  store = new PGlite(dataDir, { extensions: { amcheck } });
  await store.waitReady;
  port.on("message", (message: StoreRequest) => {
    handle(message).catch((error: unknown) => fail(message.id, error));
  });
  port.postMessage({ started: true } satisfies StoreStarted);
} catch (error) {
  port.postMessage({ started: false, failure: failureOf(error) } satisfies StoreStarted);
  port.close();
}
