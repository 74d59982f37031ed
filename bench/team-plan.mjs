/**
 * Issue 12's benchmark. 50 people of one organization in four time zones, each with 40 blocks in one week (32 stored,
 * planning and logged activities, and 8 occurrences of two weekly series running on for twelve weeks), on PostgreSQL:
 *
 * - the team plan's grid (`GET organization/{orgId}/team-plan` for the week and the 50 people) at 5 concurrent
 *   requests, beside raw SQL of the same figures (per person and day: planned seconds with the series' occurrences,
 *   logged seconds, capacity net of holidays and time off) run straight on the same database at the same
 *   concurrency; goals: p95 under 150 ms and at most 1.5 × the raw SQL;
 * - the twelve-week forecast (the same call for 84 days): p95 under 500 ms;
 * - in Chromium, the team plan page showing the 50 people: from the grid's answer parsed to the last row's cells on
 *   screen (median of `BENCH_RUNS` loads); goal: within 300 ms.
 *
 * Before anything is measured, the raw SQL's totals are checked against the API's answer. Needs `npm run build` first
 * and Chromium at /usr/bin/chromium. `BENCH_DATABASE_URL`, `BENCH_DURATION_MS` and `BENCH_RUNS` as bench/README.md
 * says; `BENCH_PORT` (default 3415) where the server listens.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addCalendarDays, wallClockAt, weekdayNumber } from "@timetrap/domain";
import pg from "pg";
import { chromium } from "playwright-core";
import { pooled, runLoad, runWork } from "./support/load.mjs";
import { createDatabase, root, startProcess } from "./support/processes.mjs";
import { rawRules, widest } from "./support/reports-data.mjs";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 8000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3415);
const origin = `http://127.0.0.1:${port}`;
const connections = 5;
const rounds = 2;
const people = 50;
const authSecret = "bench-secret-that-is-at-least-32-characters-long";
/**
 * The measured week, this week in Rome from Monday to Sunday (the page opens on it), and the forecast's twelve weeks
 * from it; `day(n)` is the week's nth day (0 its Monday) written YYYY-MM-DD.
 */
const today = { ...wallClockAt(Date.now(), "Europe/Rome"), hour: 0, minute: 0, second: 0, millisecond: 0 };
const monday = addCalendarDays(today, -((weekdayNumber(today) + 6) % 7));
const day = (n) => {
  const { year, month, day: date } = addCalendarDays(monday, n);
  return `${year}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
};
const week = { from: day(0), to: day(6) };
const forecast = { from: day(0), to: day(83) };
const zones = ["Europe/Rome", "America/New_York", "UTC", "Asia/Kolkata"];

const { openDatabase } = await import(join(root, "apps/server/dist/db/database.js"));
const { sql } = await import("drizzle-orm");

/** Runs one statement and answers its rows. */
const executor = (handle) => async (text) => (await handle.db.execute(sql.raw(text))).rows;

/** Runs one statement as the server runs those that expand series (`set local jit = off`) and answers its rows. */
const jitOffExecutor = (handle) => (text) =>
  handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local jit = off"));
    return (await tx.execute(sql.raw(text))).rows;
  });

async function call(method, path, body, token) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * The organization: an admin made through the API, 49 colleagues, contracts (one in four part-time, one in ten
 * without), a holiday on the week's Thursday and a day of approved time off for one in five; each person's week of
 * 32 stored blocks (five or six a working day, 45 to 90 minutes, two in three logged activities) and two weekly series
 * (Monday to Thursday, from the week before, for twelve weeks): 8 occurrences in the week.
 */
async function seed(exec) {
  const { token, user } = await call("POST", "/auth/basic/signup", {
    email: `bench-team-plan-${process.pid}@example.com`,
    password: "correct-horse-42",
    nominative: "Person 00",
  });
  await call("PATCH", `/user/${user.uid}`, { terms_of_use: true, privacy_policy: true, language: "en" }, token);
  const { organization } = await call("POST", `/user/${user.uid}/organization`, { name: "Bench", domains: [] }, token);
  const org = `'${organization.uid}'`;
  const [memberRole] = await exec(`select id from roles where organization_id = ${org} and key = 'member'`);
  await exec(`update organizations set plan_id = (select id from plans where code = 'unlimited') where id = ${org}`);
  await exec(`update users set preferences = '{"timeZone": "Europe/Rome"}'::jsonb where id = '${user.uid}'`);
  await exec(`insert into users (email, nominative, preferences, status, terms_of_use, privacy_policy)
    select 'bench-tp-' || i || '-' || ${org} || '@example.com', 'Person ' || lpad(i::text, 2, '0'),
      jsonb_build_object('timeZone', (array[${zones.map((z) => `'${z}'`).join(",")}])[1 + i % 4]), 'active', true, true
    from generate_series(1, ${people - 1}) i`);
  await exec(`insert into organization_members (organization_id, user_id, role_id)
    select ${org}, id, '${memberRole.id}' from users where email like 'bench-tp-%-' || ${org} || '@example.com'`);
  const numbered = `(select u.id, (row_number() over (order by u.nominative) - 1)::int as n,
      u.preferences->>'timeZone' as tz
    from organization_members m join users u on u.id = m.user_id where m.organization_id = ${org})`;
  await exec(`insert into user_contracts (organization_id, user_id, contract_type, contractual_hours,
      contractual_hours_by_day, hourly_cost, productivity_target, from_date)
    select ${org}, p.id, case when p.n % 4 = 3 then 'part-time' else 'full-time' end,
      case when p.n % 4 = 3 then 0 else 8 end,
      case when p.n % 4 = 3 then '{"monday":6,"tuesday":6,"wednesday":6,"thursday":0,"friday":4,"saturday":0,"sunday":0}'::jsonb end,
      35, 80, '2025-01-01'
    from ${numbered} p where p.n % 10 <> 9`);
  const [group] = await exec(`insert into holiday_groups (organization_id, name, country, convention, is_default)
    values (${org}, 'Office', 'IT', 'reduce', true) returning id`);
  await exec(`insert into holiday_days (organization_id, group_id, date, name, half_day, source)
    values (${org}, '${group.id}', '${day(3)}', 'Patron saint', false, 'own')`);
  const [kind] = await exec(`insert into time_off_kinds (organization_id, name, color, yearly_allowance_days)
    values (${org}, 'Vacation', '#2f9e44', 20) returning id`);
  await exec(`insert into time_off (organization_id, user_id, kind_id, start_date, end_date, status)
    select ${org}, p.id, '${kind.id}', '${day(1)}', '${day(1)}', 'approved' from ${numbered} p where p.n % 5 = 2`);
  await exec(`insert into time_blocking_events (organization_id, user_id, title, start_time, end_time, elapsed_time,
      completed, event_type)
    select ${org}, p.id, 'Block ' || b,
      ('${week.from}'::date + (b % 5) + (8 + b / 5 + (p.n + b) % 2 * 0.5) * interval '1 hour')::timestamp at time zone p.tz,
      ('${week.from}'::date + (b % 5) + (8 + b / 5 + (p.n + b) % 2 * 0.5) * interval '1 hour'
        + (45 + (b * 7 + p.n) % 46) * interval '1 minute')::timestamp at time zone p.tz,
      case when b % 3 <> 0 then (45 + (b * 7 + p.n) % 46) * 60 else 0 end,
      b % 3 <> 0, case when b % 3 <> 0 then 'activity' else 'planning' end
    from ${numbered} p, generate_series(0, 31) b`);
  await exec(`with r as (
      insert into recurrences (organization_id, user_id, every, frequency, day_of_weeks, until)
      select ${org}, p.id, 1, 'WEEKLY', '{1,2,3,4}'::int[], '${forecast.to}'::date
      from ${numbered} p, generate_series(0, 1) s
      returning id, user_id
    ), numbered_r as (select r.id, r.user_id, row_number() over (partition by r.user_id order by r.id) - 1 as s from r)
    insert into time_blocking_events (organization_id, user_id, title, start_time, end_time, event_type, recurrence_id)
    select ${org}, p.id, 'Weekly ' || nr.s,
      ('${day(-7)}'::date + (15 + 2 * nr.s) * interval '1 hour')::timestamp at time zone p.tz,
      ('${day(-7)}'::date + (15 + 2 * nr.s) * interval '1 hour' + interval '90 minutes')::timestamp at time zone p.tz,
      'planning', nr.id
    from numbered_r nr join ${numbered} p on p.id = nr.user_id`);
  await exec("vacuum (analyze)");
  await exec("checkpoint");
  const ids = (await exec(`select p.id from ${numbered} p order by p.n`)).map((row) => row.id);
  return { token, adminId: user.uid, organizationId: organization.uid, ids };
}

/**
 * The grid's figures in raw SQL, apart from the server's statements (the same rules, said plainly): per person and
 * day of the period, planned seconds (stored planning blocks, and the weekly series' occurrences expanded with
 * generate_series), logged seconds and the capacity net of holidays and time off; the percentage and the over flag.
 */
function rawGrid(organizationId, { from, to }) {
  const { org, people: members, inForce, ringBase, daysOff, rule, offOn } = rawRules(organizationId);
  const inPeriod = `e.start_time >= ('${from}'::date::timestamp at time zone p.tz)
    and e.start_time < (('${to}'::date + 1)::timestamp at time zone p.tz) and ${widest(from, to)}`;
  const capacity = rule(ringBase("days.day")).capacity;
  return `with p as ${members(true)},
    logged as (
      select e.user_id, (e.start_time at time zone p.tz)::date as day, sum(e.elapsed_time) as seconds
      from p join time_blocking_events e on e.user_id = p.user_id and ${inPeriod}
      where e.organization_id = ${org} and e.event_type = 'activity' and e.completed
      group by 1, 2),
    planned as (
      select user_id, day, sum(seconds) as seconds from (
        select e.user_id, (e.start_time at time zone p.tz)::date as day,
          extract(epoch from e.end_time - e.start_time) as seconds
        from p join time_blocking_events e on e.user_id = p.user_id and ${inPeriod}
        where e.organization_id = ${org} and e.event_type = 'planning' and e.recurrence_id is null
        union all
        select e.user_id, d.day::date, extract(epoch from e.end_time - e.start_time)
        from p join time_blocking_events e on e.user_id = p.user_id
        join recurrences r on r.id = e.recurrence_id
        cross join generate_series(greatest((e.start_time at time zone p.tz)::date, '${from}'::date),
          least(r.until, '${to}'::date), interval '1 day') d(day)
        where e.event_type = 'planning' and extract(dow from d.day)::int = any(r.day_of_weeks)) b
      group by 1, 2),
    days as (select p.user_id, p.nominative, p.ord, d::date as day from p,
      generate_series('${from}'::date, '${to}'::date, interval '1 day') d),
    ${daysOff(from, to)},
    figures as (
      select days.user_id, days.nominative, days.ord, days.day, coalesce(pl.seconds, 0) as planned,
        coalesce(l.seconds, 0) as logged, ${capacity} as capacity
      from days
      left join logged l on l.user_id = days.user_id and l.day = days.day
      left join planned pl on pl.user_id = days.user_id and pl.day = days.day
      ${inForce("days.user_id", "days.day")} ${offOn("days.user_id", "days.day")})
    select user_id, nominative, day, planned, logged, capacity,
      case when capacity > 0 then round(planned * 100.0 / capacity, 2) end as percentage, planned > capacity as over
    from figures order by ord, day`;
}

/** The raw SQL's totals must be the API's, or the ratio would compare different work. Exits on a difference. */
function checkHonest(raw, api, label) {
  const sum = (rows, pick) => rows.reduce((total, row) => total + Number(pick(row) ?? 0), 0);
  const days = api.users.flatMap((user) => user.days);
  const problems = [];
  // Percentages are rounded to two decimals on each side (SQL's numeric half up, the domain's on a float): a day may
  // differ by 0.01.
  for (const [what, rawValue, apiValue, tolerance = 1e-6] of [
    ["days", raw.length, days.length],
    ["planned seconds", sum(raw, (r) => r.planned), sum(days, (d) => d.planned)],
    ["logged seconds", sum(raw, (r) => r.logged), sum(days, (d) => d.logged)],
    ["capacity", sum(raw, (r) => r.capacity), sum(days, (d) => d.capacity)],
    ["percentages", sum(raw, (r) => r.percentage), sum(days, (d) => d.percentage), 0.01 * days.length],
    [
      "days with a percentage",
      raw.filter((r) => r.percentage !== null).length,
      days.filter((d) => d.percentage !== null).length,
    ],
    ["days over capacity", raw.filter((r) => r.over).length, days.filter((d) => d.over_capacity).length],
  ]) {
    if (Math.abs(rawValue - apiValue) > tolerance) problems.push(`${what}: ${rawValue} in SQL, ${apiValue} in the API`);
  }
  if (problems.length > 0) {
    console.error(`${label}: the raw SQL does not answer the API's figures:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`${label}: the raw SQL answers the API's figures (days, planned, logged, capacity, percentages, over)`);
}

const line = (what, r) =>
  `${what.padEnd(9)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  (${r.requests} done, ${r.errors} errors)`;

/** The API path of the team plan for `period` and the people. */
const planPath = (organizationId, ids, period) =>
  `/organization/${organizationId}/team-plan?start_date=${period.from}&end_date=${period.to}&${ids
    .map((id) => `user_id=${id}`)
    .join("&")}`;

/**
 * Runs in the page before its scripts: notes when the team plan's answer has been parsed, and samples on every frame
 * how many rows of people the grid shows (the first day's cell of each, `data-cell="{row}-0"`).
 */
function instrument() {
  const bench = { dataAt: null, samples: [] };
  window.__bench = bench;
  const json = Response.prototype.json;
  Response.prototype.json = async function parse() {
    const value = await json.call(this);
    if (this.url.includes("/team-plan?") && bench.dataAt === null) bench.dataAt = performance.now();
    return value;
  };
  const sample = () => {
    bench.samples.push([performance.now(), document.querySelectorAll('[data-cell$="-0"]').length]);
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

const rowSelector = '[data-cell$="-0"]';

/** In Chromium: the team plan page for the 50 people, data parsed → the 50th row on screen, per load. */
async function renderTimes({ token, adminId, organizationId, ids }) {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  const times = [];
  try {
    for (let run = 0; run < runs + 1; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: "Europe/Rome" });
      await context.addInitScript(instrument);
      // Signed in as the web app is (its session token in local storage), with the 50 people chosen.
      await context.addInitScript(
        ([session, selection]) => {
          localStorage.setItem("session", JSON.stringify({ token: session }));
          localStorage.setItem("language", "en");
          localStorage.setItem("userteamview", selection);
        },
        [token, JSON.stringify({ organization_id: organizationId, user_ids: ids })],
      );
      const page = await context.newPage();
      await page.goto(`${origin}/user/${adminId}/teamplan3`);
      await page.waitForFunction(
        ([selector, count]) => document.querySelectorAll(selector).length >= count,
        [rowSelector, ids.length],
        { timeout: 60_000 },
      );
      await page.waitForTimeout(500);
      const { dataAt, samples } = await page.evaluate(() => window.__bench);
      const shown = samples.find(([, count]) => count >= ids.length);
      // The first load warms the server and the browser's cache; it is not counted.
      if (run > 0 && dataAt !== null && shown) times.push(shown[0] - dataAt);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b);
}

const database = await createDatabase(pg, adminUrl, `timetrap_team_plan_${process.pid}`);
const handle = await openDatabase({ databaseUrl: database.url, dataDir: tmpdir(), dataDirLockWaitSeconds: 0 });
try {
  await handle.migrate();
  const app = await startProcess({
    script: join(root, "apps/server/dist/server.js"),
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      API_RATE_LIMIT_PER_MINUTE: "1000000",
      AUTH_SECRET: authSecret,
      DATABASE_URL: database.url,
    },
    url: `${origin}/api/v1/config`,
  });
  try {
    const started = Date.now();
    const seeded = await seed(executor(handle));
    const exec = jitOffExecutor(handle);
    console.log(
      `${people} people, 40 blocks each in the week, seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const headers = { authorization: `Bearer ${seeded.token}` };
    const results = new Map();
    for (const [key, name, period, goal] of [
      ["grid", "grid, 1 week", week, 150],
      ["forecast", "forecast, 12 weeks", forecast, 500],
    ]) {
      const path = planPath(seeded.organizationId, seeded.ids, period);
      const rawText = rawGrid(seeded.organizationId, period);
      checkHonest(await exec(rawText), await call("GET", path, undefined, seeded.token), name);
      const raws = [];
      const apis = [];
      for (let round = 0; round < rounds; round += 1) {
        raws.push(await runWork({ work: () => exec(rawText), connections, durationMs: durationMs / rounds }));
        apis.push(
          await runLoad({
            url: `${origin}/api/v1${path}`,
            headers,
            connections,
            durationMs: durationMs / rounds,
            warmupMs: 1000,
          }),
        );
      }
      const raw = pooled(raws);
      const api = pooled(apis);
      results.set(key, { name, raw, api, goal });
      console.log(name);
      console.log(`  ${line("SQL", raw)}`);
      console.log(`  ${line("API", api)}`);
      console.log(`  API ÷ SQL at p95: ${(api.p95 / raw.p95).toFixed(2)}`);
    }
    const render = await renderTimes(seeded);
    console.log(
      `\nrender: data → 50 rows on screen, ${render.length} loads: ${render.map((t) => t.toFixed(0)).join(", ")} ms`,
    );
    console.log("\nSummary");
    const grid = results.get("grid");
    const ratio = grid.api.p95 / grid.raw.p95;
    console.log(
      `grid p95 ${grid.api.p95.toFixed(1)} ms (goal < 150 ms): ${grid.api.p95 < 150 ? "met" : "NOT met"}; ` +
        `${ratio.toFixed(2)} × raw SQL (goal ≤ 1.5): ${ratio <= 1.5 ? "met" : "NOT met"}`,
    );
    const twelve = results.get("forecast");
    console.log(
      `forecast p95 ${twelve.api.p95.toFixed(1)} ms (goal < 500 ms): ${twelve.api.p95 < 500 ? "met" : "NOT met"}; ` +
        `${(twelve.api.p95 / twelve.raw.p95).toFixed(2)} × raw SQL`,
    );
    const median = render[Math.floor(render.length / 2)];
    console.log(
      `render median ${median?.toFixed(0) ?? "?"} ms (goal ≤ 300 ms): ${median !== undefined && median <= 300 ? "met" : "NOT met"}`,
    );
  } finally {
    await app.stop();
  }
} finally {
  await handle.close();
  await database.drop();
}
