import { buildApp } from "./app.js";
import { type AppConfig, ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process gives up on them. */
const shutdownGraceMs = 10_000;

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase(config);
  await database.migrate();
  const app = await buildApp(config, { database });

  let stopping = false;
  // A keep-alive connection that becomes idle after shutdown began would hold the close open until its
  // timeout: answers sent while stopping ask the client to close it.
  app.addHook("onSend", async (_request, reply) => {
    if (stopping) reply.header("connection", "close");
  });
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: no new connections, finishing requests in flight");
    const deadline = setTimeout(() => {
      app.log.error("requests did not finish in time; exiting");
      process.exit(1);
    }, shutdownGraceMs);
    deadline.unref();
    try {
      // Stops accepting, waits for in-flight requests, then runs the onClose hooks (mail drain).
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Timetrap is listening on ${address} (open ${config.appUrl}); database: ${database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL"}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Timetrap could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
