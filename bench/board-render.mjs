/**
 * Issue 5's browser benchmark. In Chromium, the time from the week's data arriving (the time-blocking answer parsed)
 * to the last of its event tiles on screen, for the board and for a bare FullCalendar page fed the same answer,
 * measured in the same run (median of several loads each). Goal: the board within 200 ms and within 1.5 × the bare
 * page.
 *
 * Needs `npm run build` first and Chromium at /usr/bin/chromium.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { chromium } from "playwright-core";
import { build } from "vite";
import { seedBoardWeek, timeZone, weekEnd, weekStart } from "./support/board-week.mjs";
import { createDatabase, root, startProcess } from "./support/processes.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = 3403;
const origin = `http://127.0.0.1:${port}`;

/**
 * Runs in each page before its scripts: notes when the week's answer has been parsed, and samples on every frame
 * how many event tiles (elements with data-event-id) the page shows.
 */
function instrument() {
  const bench = { dataAt: null, samples: [] };
  window.__bench = bench;
  const json = Response.prototype.json;
  Response.prototype.json = async function parse() {
    const value = await json.call(this);
    if (this.url.includes("/time-blocking?") && bench.dataAt === null) bench.dataAt = performance.now();
    return value;
  };
  const sample = () => {
    bench.samples.push([performance.now(), document.querySelectorAll("[data-event-id]").length]);
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

/** How long a page may take to get its data and show a first tile: a first load on a cold server is slow. */
const firstTileTimeoutMs = 60_000;

/**
 * Loads a page, waits for its data and a first tile, then until its tile count has held still for a second, and
 * answers data → last tile in ms. The second of stillness counts only once tiles show: a page still loading its
 * scripts or its data (a cold server, a busy machine) also holds still, at zero.
 */
async function measure(browser, url, session) {
  const context = await browser.newContext({ timezoneId: timeZone, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(instrument);
  if (session) {
    await context.addInitScript(
      ([token, language]) => {
        localStorage.setItem("session", JSON.stringify({ token }));
        localStorage.setItem("language", language);
      },
      [session, "en"],
    );
  }
  await context.route(`${origin}/bare/**`, (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/bare\//, "") || "index.html";
    return route.fulfill({ path: join(bareDir, path) });
  });
  const page = await context.newPage();
  await page.goto(url);
  const shown = () => window.__bench.dataAt !== null && (window.__bench.samples.at(-1)?.[1] ?? 0) > 0;
  try {
    await page.waitForFunction(shown, undefined, { timeout: firstTileTimeoutMs, polling: 100 });
  } catch {
    const { dataAt } = await page.evaluate(() => window.__bench);
    const what = dataAt === null ? "its time-blocking answer never arrived" : "the answer arrived but no tile showed";
    await context.close();
    throw new Error(`${url} showed no events within ${firstTileTimeoutMs / 1000} s: ${what}`);
  }
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() - stableSince < 1000) {
    await page.waitForTimeout(100);
    const count = await page.evaluate(() => window.__bench.samples.at(-1)?.[1] ?? 0);
    if (count !== last) {
      last = count;
      stableSince = Date.now();
    }
  }
  const { dataAt, samples } = await page.evaluate(() => window.__bench);
  await context.close();
  const finalCount = samples.at(-1)[1];
  const renderedAt = samples.find(([, count]) => count === finalCount)[0];
  return { ms: renderedAt - dataAt, tiles: finalCount };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const bareDir = mkdtempSync(join(tmpdir(), "timetrap-bare-calendar-"));
await build({
  root: join(root, "bench/bare-calendar"),
  base: "/bare/",
  logLevel: "warn",
  build: { outDir: bareDir, emptyOutDir: true },
});

const database = await createDatabase(pg, adminUrl, `timetrap_bench_render_${process.pid}`);
const app = await startProcess({
  script: join(root, "apps/server/dist/server.js"),
  // The load is one session's, past any real budget: the budget's own statement is still counted and measured.
  env: {
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    API_RATE_LIMIT_PER_MINUTE: "1000000",
  },
  url: `${origin}/api/v1/config`,
});
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const { token, uid } = await seedBoardWeek(`${origin}/api/v1`);
  const query = new URLSearchParams({
    startTime: new Date(weekStart).toISOString(),
    endTime: new Date(weekEnd).toISOString(),
  });
  const bareUrl = `${origin}/bare/index.html#${new URLSearchParams({ uid, token, query: query.toString(), date: String(weekStart) })}`;
  const boardUrl = `${origin}/user/${uid}/board`;
  const bare = [];
  const board = [];
  // Interleaved, so that a slower moment of the machine weighs on both.
  for (let i = 0; i < runs; i++) {
    bare.push(await measure(browser, bareUrl, null));
    board.push(await measure(browser, boardUrl, token));
  }
  const bareMs = median(bare.map((r) => r.ms));
  const boardMs = median(board.map((r) => r.ms));
  console.log(`Chromium, one week of 500 events, median of ${runs} loads (data parsed → last tile on screen)`);
  console.log(`bare FullCalendar page   ${bareMs.toFixed(1).padStart(7)} ms   (${bare[0].tiles} tiles)`);
  console.log(`Timetrap board           ${boardMs.toFixed(1).padStart(7)} ms   (${board[0].tiles} tiles)`);
  const ratio = boardMs / bareMs;
  console.log(`board within 200 ms: ${boardMs <= 200 ? "met" : "NOT met"}`);
  console.log(`ratio ${ratio.toFixed(2)} (goal ≤ 1.50): ${ratio <= 1.5 ? "met" : "NOT met"}`);
} finally {
  await browser.close();
  await app.stop();
  await database.drop();
  rmSync(bareDir, { recursive: true, force: true });
}
