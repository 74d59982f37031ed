/**
 * `npm start`: builds what is out of date (scripts/build.mjs), then runs the server in this process, and once it
 * answers prints where it listens and how long the start took.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildStale, root } from "./build.mjs";

const built = buildStale();
const buildNote = built.length === 0 ? "nothing to build" : `built the ${built.join(", the ")}`;

const { loadConfig } = await import(pathToFileURL(join(root, "apps/server/dist/config.js")).href);
// The server reports a wrong setting itself, with its own message, once it is imported.
let config = null;
try {
  config = loadConfig();
} catch {
  // Left to the server, which names the setting and exits.
}

await import(pathToFileURL(join(root, "apps/server/dist/server.js")).href);

// Port 0 takes a free port the server's own log names; there is nothing to wait for here.
if (config && config.port !== 0) {
  // A server listening on every address answers on the loopback one.
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host;
  const probe = `http://${host.includes(":") ? `[${host}]` : host}:${config.port}/api/v1/config`;
  for (;;) {
    try {
      if ((await fetch(probe)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const seconds = process.uptime().toFixed(1);
  // On a busy machine the wall time follows the other work; the CPU time is this start's own cost.
  const { user, system } = process.cpuUsage();
  const cpuSeconds = ((user + system) / 1e6).toFixed(1);
  process.stdout.write(
    `Timetrap is ready at ${config.appUrl} (listening on ${config.host}:${config.port}); started in ${seconds} s (${cpuSeconds} s of CPU), ${buildNote}.\n`,
  );
}
