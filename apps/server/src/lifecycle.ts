import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import type { AppConfig } from "./config.js";
import { describeHolder } from "./db/data-dir-lock.js";
import { type DatabaseHandle, openDatabase } from "./db/database.js";
import { CorruptStoreError, checkIndexes, type IndexCheckReport } from "./db/integrity-check.js";
import { startStoreUpkeep } from "./db/store-upkeep.js";

export interface RunningServer {
  app: FastifyInstance;
  /** The address it listens on, such as http://127.0.0.1:3000. */
  address: string;
  /**
   * Stops accepting connections, answers what still arrives on open connections with `Connection: close`, lets
   * requests in flight finish, then closes the database.
   */
  stop(reason: string): Promise<void>;
  /**
   * The index check's report: settled before the server listens when the check ran first; otherwise once the check
   * that runs after listening is done. Rejects with {@link CorruptStoreError} once a check run after listening has
   * found a corrupt index and the server has stopped.
   */
  indexCheck: Promise<IndexCheckReport>;
}

/**
 * How long a keep-alive connection that is idle when the stop begins stays open. A client may be sending its next
 * request on it at that very moment; closing it then would reset that request, so it gets this long to arrive and be
 * answered with `Connection: close` first.
 */
export const idleConnectionGraceMs = 1000;

/**
 * Opens the database (on the embedded one, under the lock on its directory), checks its indexes, migrates it, builds
 * the app and listens; what server.ts runs, without the process wiring. A database given by the caller is checked and
 * migrated too, and closed by `stop`.
 *
 * The index check holds the start only when the store may have been left damaged: an embedded store whose previous
 * server stopped cleanly (it closed the database, then said so in the lock file) is checked once the server listens,
 * and a corruption found then stops the server ({@link RunningServer.indexCheck}). PostgreSQL, whose other instances
 * and own stops this server cannot see, is checked before listening (structure only, a tenth of a second).
 */
export async function startServer(config: AppConfig, given?: { database: DatabaseHandle }): Promise<RunningServer> {
  const phases: Record<string, number> = {};
  let phaseStarted = performance.now();
  const phaseDone = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStarted);
    phaseStarted = now;
  };
  const database =
    given?.database ??
    (await openDatabase({
      ...config,
      onWaitForDataDir: (holder) =>
        process.stderr.write(
          `Timetrap: ${config.dataDir} is in use by another server (${describeHolder(holder)}); waiting up to ` +
            `${config.dataDirLockWaitSeconds} s for it to stop\n`,
        ),
    }));
  phaseDone("openDatabaseMs");
  const checkFirst = database.previousStopClean !== true;
  let stopping: Promise<void> | undefined;
  let app: FastifyInstance;
  let indexCheckFirst: IndexCheckReport | undefined;
  try {
    if (checkFirst) {
      indexCheckFirst = await checkIndexes(database);
      phaseDone("indexCheckMs");
    }
    await database.migrate();
    phaseDone("migrateMs");
    app = await buildApp(config, { database });
    // Every answer given once the stop has begun asks the client to close its connection, so that connection ends
    // after a complete exchange, which a client expects, instead of under a request it is sending.
    app.addHook("onSend", async (_request, reply) => {
      if (stopping) reply.header("connection", "close");
    });
    // Plugins load here, inside the phase and under the close on failure.
    await app.ready();
    phaseDone("buildAppMs");
  } catch (error) {
    if (!given) await database.close();
    throw error;
  }

  const logIndexCheck = (report: IndexCheckReport) => {
    if (report.skipped) app.log.warn(`index check skipped: ${report.skipped}`);
    else app.log.info(`index check: ${report.checked} indexes sound in ${report.durationMs} ms`);
    return report;
  };
  // Logged before the server listens when it ran before, so the log's order is the start's.
  if (indexCheckFirst) logIndexCheck(indexCheckFirst);
  const address = await app.listen({ port: config.port, host: config.host });
  phaseDone("listenMs");
  const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
  app.log.info(`Timetrap is listening on ${address} (open ${config.appUrl}); database: ${where}`);
  app.log.info({ phases }, "start phases");

  // Ended by a stop that begins while the check still runs, so that the database is not closed under it.
  const checkAbort = new AbortController();
  let checkRunning: Promise<unknown> = Promise.resolve();
  let indexCheck: Promise<IndexCheckReport>;
  if (indexCheckFirst) {
    indexCheck = Promise.resolve(indexCheckFirst);
  } else {
    app.log.info("index check: runs now that the server listens, as the previous stop was clean");
    const running = checkIndexes(database, { signal: checkAbort.signal });
    checkRunning = running.catch(() => undefined);
    indexCheck = running.then(logIndexCheck, async (error: unknown) => {
      if (!(error instanceof CorruptStoreError)) {
        // The check could not run to its end (not a finding about the store): the server goes on serving.
        app.log.error({ err: error }, "index check could not finish");
        return {
          checked: 0,
          skipped: `it failed: ${error instanceof Error ? error.message : String(error)}`,
          durationMs: 0,
        };
      }
      app.log.fatal({ corrupt: error.corrupt }, "index check: corrupt indexes found; the server stops");
      await stop("index check failed");
      throw error;
    });
  }
  // Callers that do not wait for the check must not see an unhandled rejection; those that do still get it.
  indexCheck.catch(() => undefined);
  // The embedded store runs no autovacuum: the server does its work, once the check is done.
  const upkeep =
    database.kind === "pglite" ? startStoreUpkeep({ db: database.db, logger: app.log, after: checkRunning }) : null;

  function stop(reason: string): Promise<void> {
    stopping ??= (async () => {
      app.log.info({ reason }, "shutting down: no new connections, finishing requests in flight");
      checkAbort.abort();
      await drainConnections(app.server);
      // A check still running stops at its next index; the database stays open until it has.
      await checkRunning;
      await upkeep?.stop();
      await app.close();
      await database.close();
    })();
    return stopping;
  }

  return { app, address, indexCheck, stop };
}

/**
 * Stops listening and resolves once every open connection has ended. http.Server#close would also destroy the idle
 * keep-alive connections at once, resetting a request that is on its way on one of them; the listener is closed
 * through net.Server's own close instead, which leaves open connections alone and calls back when the last one ends.
 * Connections end after their next answer (which carries `Connection: close`); those still idle after the grace are
 * closed.
 */
function drainConnections(server: Server): Promise<void> {
  return new Promise((resolve) => {
    let reaper: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      server.closeIdleConnections();
      // A connection busy at the end of the grace ends after its answer; this catches one that goes idle without.
      reaper = setInterval(() => server.closeIdleConnections(), 100);
    }, idleConnectionGraceMs);
    NetServer.prototype.close.call(server, () => {
      clearTimeout(grace);
      clearInterval(reaper);
      resolve();
    });
  });
}
