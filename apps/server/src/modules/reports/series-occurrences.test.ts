import { calendarDateIn, expandRecurrence, type RecurrenceRule, recurrenceFrequencies } from "@timetrap/domain";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { useTestApp } from "../../test/test-app.js";
import { seriesOccurrences } from "./series-occurrences.js";

const t = useTestApp();
const day = 86_400_000;

interface Case {
  id: number;
  tz: string;
  start: number;
  end: number;
  rule: Required<RecurrenceRule>;
  from: number;
  to: number;
}

const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The SQL expansion of every case in one statement: occurrences as epoch ms, by case, in start order. */
async function expandInSql(cases: readonly Case[]): Promise<Map<number, Array<[number, number, string]>>> {
  const source = sql`select * from jsonb_to_recordset(${JSON.stringify(
    cases.map((c) => ({
      id: c.id,
      tz: c.tz,
      start_time: new Date(c.start).toISOString(),
      end_time: new Date(c.end).toISOString(),
      every: c.rule.every,
      frequency: c.rule.frequency,
      day_of_weeks: c.rule.day_of_weeks,
      until: c.rule.until,
      repeat: c.rule.repeat,
      skip: c.rule.skip,
      end_date: c.rule.end_date === null ? null : new Date(c.rule.end_date).toISOString(),
      range_from: new Date(c.from).toISOString(),
      range_to: new Date(c.to).toISOString(),
    })),
  )}::jsonb) as x(id int, tz text, start_time timestamptz, end_time timestamptz, every int, frequency text,
    day_of_weeks int[], until date, repeat int, skip jsonb, end_date timestamptz, range_from timestamptz,
    range_to timestamptz)`;
  const found = await rows<{ id: number; start_ms: number; end_ms: number; day: string }>(sql`
    select o.id, round(extract(epoch from o.occ_start) * 1000)::float8 as start_ms,
      round(extract(epoch from o.occ_end) * 1000)::float8 as end_ms, to_char(o.occ_day, 'YYYY-MM-DD') as day
    from (${seriesOccurrences({ source, rangeFrom: sql`s.range_from`, rangeTo: sql`s.range_to` })}) o
    order by o.id, o.occ_start`);
  const byCase = new Map<number, Array<[number, number, string]>>();
  for (const row of found) {
    const list = byCase.get(Number(row.id)) ?? [];
    list.push([Number(row.start_ms), Number(row.end_ms), row.day]);
    byCase.set(Number(row.id), list);
  }
  return byCase;
}

/** Each occurrence's start, end and the day it starts on in the zone. */
const expandInDomain = (c: Case): Array<[number, number, string]> =>
  expandRecurrence({ start_time: c.start, end_time: c.end }, c.rule, c.tz, { from: c.from, to: c.to }).map((o) => [
    o.start_time,
    o.end_time,
    calendarDateIn(o.start_time, c.tz),
  ]);

async function expectSameAsDomain(cases: readonly Case[]) {
  const bySql = await expandInSql(cases);
  for (const c of cases) {
    expect(bySql.get(c.id) ?? [], JSON.stringify(c)).toEqual(expandInDomain(c));
  }
}

const rule = (overrides: Partial<RecurrenceRule> = {}): Required<RecurrenceRule> => ({
  every: 1,
  frequency: "WEEKLY",
  day_of_weeks: [],
  until: null,
  repeat: null,
  skip: [],
  end_date: null,
  ...overrides,
});

const at = (iso: string) => Date.parse(iso);

describe("series occurrences in SQL", () => {
  test("agree with expandRecurrence on the table's cases: clock changes, month ends, counts, skips and ends", async () => {
    const rome = "Europe/Rome";
    // 09:00 in Rome, Monday 16 March 2026 (before the spring change of 29 March).
    const monday = at("2026-03-16T08:00:00Z");
    const cases: Case[] = [
      { id: 1, tz: rome, start: monday, end: monday + 3_600_000, rule: rule(), from: monday, to: monday + 60 * day },
      // 02:30 on the Sunday of the spring change does not exist: it moves forward; in autumn it happens twice.
      {
        id: 2,
        tz: rome,
        start: at("2026-03-22T01:30:00Z"),
        end: at("2026-03-22T02:30:00Z"),
        rule: rule({ frequency: "DAILY" }),
        from: at("2026-03-20T00:00:00Z"),
        to: at("2026-04-05T00:00:00Z"),
      },
      {
        id: 3,
        tz: rome,
        start: at("2026-10-18T00:30:00Z"),
        end: at("2026-10-18T01:45:00Z"),
        rule: rule({ frequency: "WEEKLY", day_of_weeks: [0, 3] }),
        from: at("2026-10-01T00:00:00Z"),
        to: at("2026-11-15T00:00:00Z"),
      },
      // The 31st: months without it have no occurrence; a count includes skipped ones.
      {
        id: 4,
        tz: "America/New_York",
        start: at("2026-01-31T14:00:00Z"),
        end: at("2026-01-31T15:00:00Z"),
        rule: rule({ frequency: "MONTHLY", repeat: 5, skip: [at("2026-03-31T13:00:00Z")] }),
        from: at("2026-01-01T00:00:00Z"),
        to: at("2027-01-01T00:00:00Z"),
      },
      // 29 February, yearly, until a day; a block across midnight.
      {
        id: 5,
        tz: "Asia/Kolkata",
        start: at("2028-02-29T17:00:00Z"),
        end: at("2028-02-29T20:00:00Z"),
        rule: rule({ frequency: "YEARLY", until: "2036-03-01" }),
        from: at("2027-01-01T00:00:00Z"),
        to: at("2040-01-01T00:00:00Z"),
      },
      // Ended by "this and the following"; a half-hour change (Lord Howe); every other week on three days.
      {
        id: 6,
        tz: "Australia/Lord_Howe",
        start: at("2026-03-30T15:00:00Z"),
        end: at("2026-03-30T16:30:00Z"),
        rule: rule({ every: 2, day_of_weeks: [1, 3, 5], end_date: at("2026-06-01T00:00:00Z") }),
        from: at("2026-03-01T00:00:00Z"),
        to: at("2026-07-01T00:00:00Z"),
      },
      // A range starting long after the template, where the expansion starts late.
      {
        id: 7,
        tz: "America/Santiago",
        start: at("2020-01-06T12:00:00Z"),
        end: at("2020-01-06T13:00:00Z"),
        rule: rule({ frequency: "DAILY", every: 3 }),
        from: at("2026-03-25T00:00:00Z"),
        to: at("2026-04-20T00:00:00Z"),
      },
    ];
    await expectSameAsDomain(cases);
  });

  test("agree with expandRecurrence on random series, zones and ranges", async () => {
    const zones = [
      "Europe/Rome",
      "America/New_York",
      "UTC",
      "Asia/Kolkata",
      "Australia/Lord_Howe",
      "America/Santiago",
      "Pacific/Kiritimati",
      "America/St_Johns",
      "Europe/London",
    ];
    // Days near the clock changes of 2026 in those zones, and ordinary ones.
    const anchors = [
      "2026-03-08",
      "2026-03-29",
      "2026-04-05",
      "2026-09-06",
      "2026-10-04",
      "2026-10-25",
      "2026-11-01",
      "2026-06-15",
      "2026-01-31",
      "2028-02-29",
    ].map(at);
    const arbitraryCase = fc
      .record({
        tz: fc.constantFrom(...zones),
        anchor: fc.constantFrom(...anchors),
        dayShift: fc.integer({ min: -10, max: 10 }),
        quarterHour: fc.integer({ min: 0, max: 95 }),
        lengthQuarters: fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 300 })),
        frequency: fc.constantFrom(...recurrenceFrequencies),
        every: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 99 })),
        days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
        end: fc.constantFrom("none", "until", "repeat", "endDate"),
        untilDays: fc.integer({ min: -5, max: 500 }),
        repeat: fc.integer({ min: 0, max: 40 }),
        skips: fc.array(fc.nat(60), { maxLength: 4 }),
        fromDays: fc.integer({ min: -30, max: 700 }),
        rangeDays: fc.integer({ min: 1, max: 400 }),
      })
      .map((r): Case => {
        const start = r.anchor + r.dayShift * day + r.quarterHour * 900_000;
        const end = start + r.lengthQuarters * 900_000;
        const until = new Date(start + r.untilDays * day).toISOString().slice(0, 10);
        const base = rule({
          every: r.every,
          frequency: r.frequency,
          day_of_weeks: r.frequency === "WEEKLY" ? r.days : [],
          until: r.end === "until" ? until : null,
          repeat: r.end === "repeat" ? r.repeat : null,
          end_date: r.end === "endDate" ? start + r.untilDays * day + 3_600_000 : null,
        });
        const from = start + r.fromDays * day;
        const to = from + r.rangeDays * day;
        // Skip some of the occurrences there are (and one start time that is none).
        const all = expandRecurrence({ start_time: start, end_time: end }, base, r.tz, { from: start, to });
        const skip = [...r.skips.map((i) => all[i % Math.max(1, all.length)]?.start_time ?? start), start + 1];
        return { id: 0, tz: r.tz, start, end, rule: { ...base, skip }, from, to };
      });
    const cases = fc.sample(arbitraryCase, { numRuns: 400, seed: 20_261_125 }).map((c, id) => ({ ...c, id }));
    await expectSameAsDomain(cases);
  });
});
