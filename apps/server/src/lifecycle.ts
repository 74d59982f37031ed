import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import type { AppConfig } from "./config.js";
import { describeHolder } from "./db/data-dir-lock.js";
import { type DatabaseHandle, openDatabase } from "./db/database.js";
import { checkIndexes } from "./db/integrity-check.js";

export interface RunningServer {
  app: FastifyInstance;
  /** The address it listens on, such as http://127.0.0.1:3000. */
  address: string;
  /**
   * Stops accepting connections, answers what still arrives on open connections with `Connection: close`, lets
   * requests in flight finish, then closes the database.
   */
  stop(reason: string): Promise<void>;
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
 */
export async function startServer(config: AppConfig, given?: { database: DatabaseHandle }): Promise<RunningServer> {
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
  let app: FastifyInstance;
  let indexCheck: Awaited<ReturnType<typeof checkIndexes>>;
  try {
    indexCheck = await checkIndexes(database);
    await database.migrate();
    app = await buildApp(config, { database });
  } catch (error) {
    if (!given) await database.close();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  // Every answer given once the stop has begun asks the client to close its connection, so that connection ends
  // after a complete exchange, which a client expects, instead of under a request it is sending.
  app.addHook("onSend", async (_request, reply) => {
    if (stopping) reply.header("connection", "close");
  });

  const address = await app.listen({ port: config.port, host: config.host });
  const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
  app.log.info(`Timetrap is listening on ${address} (open ${config.appUrl}); database: ${where}`);
  if (indexCheck.skipped) app.log.warn(`index check skipped: ${indexCheck.skipped}`);
  else app.log.info(`index check: ${indexCheck.checked} indexes sound in ${indexCheck.durationMs} ms`);

  return {
    app,
    address,
    stop(reason) {
      stopping ??= (async () => {
        app.log.info({ reason }, "shutting down: no new connections, finishing requests in flight");
        await drainConnections(app.server);
        await app.close();
        await database.close();
      })();
      return stopping;
    },
  };
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
