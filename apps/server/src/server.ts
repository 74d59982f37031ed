import { type AppConfig, ConfigError, loadConfig } from "./config.js";
import { DataDirLockedError } from "./db/data-dir-lock.js";
import { CorruptStoreError } from "./db/integrity-check.js";
import { type RunningServer, startServer } from "./lifecycle.js";

/** How long requests in flight get to finish after SIGTERM/SIGINT before the process gives up on them. */
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

async function main(): Promise<RunningServer> {
  const server = await startServer(readConfig());
  // A corrupt index found by the check that runs once the server listens: the server has stopped itself.
  server.indexCheck.catch((error: unknown) => {
    process.stderr.write(`Timetrap stopped: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
  const onSignal = (signal: NodeJS.Signals) => {
    setTimeout(() => {
      server.app.log.error("requests did not finish in time; exiting");
      process.exit(1);
    }, shutdownGraceMs).unref();
    server.stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  return server;
}

/** The running server once it listens (what `npm start`, scripts/start.mjs, waits for); the process exits if it cannot start. */
export const started: Promise<RunningServer> = main().catch((error: unknown) => {
  // A held data directory or a corrupt store is the operator's to resolve: the message says how, a stack would bury it.
  const expected = error instanceof DataDirLockedError || error instanceof CorruptStoreError;
  const detail = error instanceof Error ? (expected ? error.message : (error.stack ?? error.message)) : String(error);
  process.stderr.write(`Timetrap could not start: ${detail}\n`);
  process.exit(1);
});
