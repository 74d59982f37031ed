/**
 * `npm start`: builds what is out of date (scripts/build.mjs), then runs the server in this process, and once it
 * answers prints where it listens and how long the start took.
 */
import { readFileSync } from "node:fs";
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

// Importing the server starts it; `started` resolves once it listens (the process exits if it cannot start).
const { started } = await import(pathToFileURL(join(root, "apps/server/dist/server.js")).href);
const server = await started;
// Listening is not yet answering: one request through the whole stack before saying it is ready.
await (await fetch(`${server.address}/api/v1/config`)).arrayBuffer();

const seconds = process.uptime().toFixed(1);
const sinceCommand = secondsSinceNpmStart();
// On a busy machine the wall time follows the other work; the CPU time is this start's own cost.
const { user, system } = process.cpuUsage();
const cpuSeconds = ((user + system) / 1e6).toFixed(1);
const listening = config ? `${config.host}:${new URL(server.address).port}` : server.address;
process.stdout.write(
  `Timetrap is ready at ${config?.appUrl ?? server.address} (listening on ${listening}); started in ${seconds} s` +
    `${sinceCommand === null ? "" : ` (${sinceCommand.toFixed(1)} s since \`npm start\`)`}, ${cpuSeconds} s of CPU,` +
    ` ${buildNote}.\n`,
);

/**
 * Seconds since the `npm start` that runs this script began, npm's own start included (about 0.4 s of CPU before this
 * process exists); null when not run by `npm start` or where /proc cannot tell.
 */
function secondsSinceNpmStart() {
  if (process.env.npm_lifecycle_event !== "start" || process.platform !== "linux") return null;
  try {
    const uptime = Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
    // npm runs the script through a shell: this process, the shell, then npm, which titles itself `npm start`.
    let pid = process.ppid;
    for (let depth = 0; depth < 3 && pid > 1; depth++) {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // After the command name in parentheses: state, parent pid, ... and the start time, 22nd field of the line.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (/^npm\b/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"))) {
        // In clock ticks since boot; Linux's USER_HZ is 100 on every architecture Node runs on.
        return uptime - Number(fields[19]) / 100;
      }
      pid = Number(fields[1]);
    }
  } catch {
    // Another kernel's /proc, or a process gone: no figure.
  }
  return null;
}
