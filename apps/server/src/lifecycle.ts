import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import type { AppConfig } from "./config.js";
import { type DatabaseHandle, openDatabase } from "./db/database.js";

export interface RunningServer {
  app: FastifyInstance;
  /** The address it listens on, such as http://127.0.0.1:3000. */
  address: string;
  /** Stops accepting connections, lets requests in flight finish, then closes the database. */
  stop(reason: string): Promise<void>;
}

/** Migrates the database, builds the app and listens; what server.ts runs, without the process wiring. */
export async function startServer(config: AppConfig, given?: { database: DatabaseHandle }): Promise<RunningServer> {
  const database = given?.database ?? openDatabase(config);
  await database.migrate();
  const app = await buildApp(config, { database });

  let stopping: Promise<void> | undefined;
  // A keep-alive connection that becomes idle after shutdown began would hold the close open until its
  // timeout: answers sent while stopping ask the client to close it.
  app.addHook("onSend", async (_request, reply) => {
    if (stopping) reply.header("connection", "close");
  });

  const address = await app.listen({ port: config.port, host: config.host });
  const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
  app.log.info(`Timetrap is listening on ${address} (open ${config.appUrl}); database: ${where}`);

  return {
    app,
    address,
    stop(reason) {
      stopping ??= (async () => {
        app.log.info({ reason }, "shutting down: no new connections, finishing requests in flight");
        await app.close();
        await database.close();
      })();
      return stopping;
    },
  };
}
