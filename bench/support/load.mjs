import http from "node:http";

/**
 * A closed-loop load generator: `connections` keep-alive sockets, each sending the next request as soon as the
 * previous answer is read, for `durationMs` after a warm-up. Prints nothing; answers throughput, latency, bytes per answer, and
 * what `sample()` (such as the CPU time of the processes under test) answered as the measured stretch began and ended.
 */
export async function runLoad({
  url,
  headers = {},
  connections = 20,
  durationMs = 8000,
  warmupMs = 2000,
  sample = () => undefined,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  let recording = false;
  let stopAt = Number.POSITIVE_INFINITY;

  const once = () =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.request(
        { agent, host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers },
        (res) => {
          // Counted as they arrive on the wire: a compressed answer counts its compressed bytes.
          res.on("data", (chunk) => {
            if (recording) bytes += chunk.length;
          });
          res.on("end", () => {
            const ms = Number(process.hrtime.bigint() - started) / 1e6;
            if (recording) {
              if (res.statusCode === 200) latencies.push(ms);
              else errors += 1;
            }
            resolve();
          });
        },
      );
      req.on("error", () => {
        if (recording) errors += 1;
        resolve();
      });
      req.end();
    });

  const worker = async () => {
    while (Date.now() < stopAt) await once();
  };
  const workers = Array.from({ length: connections }, worker);
  stopAt = Date.now() + warmupMs + durationMs;
  await new Promise((r) => setTimeout(r, warmupMs));
  recording = true;
  const measuredFrom = Date.now();
  const firstSample = await sample();
  await Promise.all(workers);
  const lastSample = await sample();
  const seconds = (Date.now() - measuredFrom) / 1000;
  agent.destroy();
  return {
    ...summary(latencies, errors, seconds),
    bytesPerRequest: latencies.length ? bytes / latencies.length : Number.NaN,
    samples: [firstSample, lastSample],
  };
}

/**
 * The same closed loop for work that is not an HTTP request (a query run straight on the database): `connections`
 * workers each run `work()` again as soon as it settles, for `durationMs` after a warm-up.
 */
export async function runWork({ work, connections = 5, durationMs = 5000, warmupMs = 1000 }) {
  const latencies = [];
  let errors = 0;
  // Measured by the clock rather than a timer: work on an embedded database can hold the event loop, and a timer
  // would fire only once everything is done.
  const recordFrom = Date.now() + warmupMs;
  const stopAt = recordFrom + durationMs;
  const worker = async () => {
    while (Date.now() < stopAt) {
      const startedAt = Date.now();
      const started = process.hrtime.bigint();
      try {
        await work();
        if (startedAt >= recordFrom) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      } catch (error) {
        if (startedAt >= recordFrom) errors += 1;
        if (errors === 1) console.error(error);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (Date.now() - recordFrom) / 1000;
  return summary(latencies, errors, seconds);
}

/** Latencies measured over `seconds`, sorted, with their count, throughput and percentiles. */
function summary(latencies, errors, seconds) {
  latencies.sort((a, b) => a - b);
  const at = percentileOf(latencies);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    latencies,
  };
}

/** The `q` quantile (0–1) of sorted latencies; NaN for none. */
export const percentileOf = (sorted) => (q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/**
 * Several measurements of one thing pooled as one: their latencies together, the requests and errors added up. The
 * benchmarks alternate the raw SQL and the API in rounds and pool each side's, so that a stretch of the machine's
 * background work (a checkpoint, another process) does not land on one side only.
 */
export function pooled(results) {
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const at = percentileOf(latencies);
  return {
    requests: latencies.length,
    errors: results.reduce((total, r) => total + r.errors, 0),
    p50: at(0.5),
    p95: at(0.95),
    latencies,
  };
}
