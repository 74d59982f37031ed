import {
  type Contract,
  contractualHoursOn,
  dailyCapacitySeconds,
  dayCapacity,
  type HoursOff,
  hoursMinutes,
  weekdayOf,
  type weekdays,
} from "@timetrap/domain";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { useTestApp } from "../../test/test-app.js";
import { sqlRules } from "./reports.repository.js";

/**
 * The domain's rules that the report aggregates apply in SQL (`sqlRules`), each against its function in
 * packages/domain on a table of cases, on PGlite and PostgreSQL alike.
 */
const t = useTestApp();

const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Two weeks around a month's end and a leap day, every weekday twice. */
const days = ["2028-02-21", "2028-02-22", "2028-02-23", "2028-02-24", "2028-02-25", "2028-02-26", "2028-02-27"].flatMap(
  (day) => [day, new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)],
);

type Terms = Pick<Contract, "contract_type" | "contractual_hours" | "contractual_hours_by_day">;
const partTime = (hours: Partial<Record<(typeof weekdays)[number], number>>): Terms => ({
  contract_type: "part-time",
  contractual_hours: 0,
  contractual_hours_by_day: {
    monday: 0,
    tuesday: 0,
    wednesday: 0,
    thursday: 0,
    friday: 0,
    saturday: 0,
    sunday: 0,
    ...hours,
  },
});
const contracts: Array<Terms | null> = [
  null,
  { contract_type: "full-time", contractual_hours: 8, contractual_hours_by_day: null },
  { contract_type: "full-time", contractual_hours: 6, contractual_hours_by_day: null },
  // No hours at all: the spec's 8 h default stands in.
  { contract_type: "full-time", contractual_hours: 0, contractual_hours_by_day: null },
  partTime({ monday: 4, wednesday: 6, saturday: 3 }),
  partTime({}),
  partTime({ sunday: 24 }),
];

describe("the report rules in SQL", () => {
  test("weekday names agree with weekdayOf", async () => {
    const found = await rows<{ day: string; weekday: string }>(sql`
      select to_char(d, 'YYYY-MM-DD') as day, ${sqlRules.weekday(sql`d`)} as weekday
      from unnest(${`{${days.join(",")}}`}::date[]) d`);
    expect(found).toHaveLength(days.length);
    for (const row of found) expect(row.weekday, row.day).toBe(weekdayOf(row.day));
  });

  test("HH:MM agrees with hoursMinutes, past 99 hours and for nothing", async () => {
    const seconds = [0, 59, 60, 3599, 3600, 35_999, 36_000, 86_399, 359_999, 360_000, 3_600_000 + 59, 7_199_999];
    const found = await rows<{ seconds: number; text: string }>(sql`
      select s::float8 as seconds, ${sqlRules.hoursMinutes(sql`s`)} as text
      from unnest(${`{${seconds.join(",")}}`}::int8[]) s`);
    expect(found).toHaveLength(seconds.length);
    for (const row of found) expect(row.text, String(row.seconds)).toBe(hoursMinutes(Number(row.seconds)));
  });

  test("a contract's hours on a day and the day's capacity agree with contractualHoursOn and dailyCapacitySeconds", async () => {
    const cases = contracts.flatMap((contract, index) => days.map((day) => ({ index, day, contract })));
    const found = await rows<{ index: number; day: string; hours: number | null; capacity: number }>(sql`
      select x.index, x.day, case when c.id is null then null else ${sqlRules.contractualHoursOn(sql`x.day::date`)} end
          as hours,
        ${sqlRules.dailyCapacitySeconds(sql`x.day::date`)} as capacity
      from jsonb_to_recordset(${JSON.stringify(
        cases.map(({ index, day, contract }) => ({
          index,
          day,
          has: contract !== null,
          contract_type: contract?.contract_type ?? null,
          contractual_hours: contract?.contractual_hours ?? null,
          contractual_hours_by_day: contract?.contractual_hours_by_day ?? null,
        })),
      )}::jsonb) as x(index int, day text, has boolean, contract_type text, contractual_hours int,
        contractual_hours_by_day jsonb)
      left join lateral (
        select 1 as id, x.contract_type, x.contractual_hours, x.contractual_hours_by_day where x.has
      ) c on true`);
    expect(found).toHaveLength(cases.length);
    for (const row of found) {
      const contract = contracts[Number(row.index)]!;
      const label = `${JSON.stringify(contract)} on ${row.day}`;
      expect(row.hours === null ? null : Number(row.hours), label).toBe(
        contract ? contractualHoursOn(contract, weekdayOf(row.day)) : null,
      );
      const terms = contract ? [{ ...contract, from_date: "2000-01-01", to_date: null }] : [];
      expect(Number(row.capacity), label).toBe(dailyCapacitySeconds(terms, row.day));
    }
  });

  test("a day's capacity net of holidays and time off agrees with dayCapacity", async () => {
    const bases = [0, 4 * 3600, 6 * 3600, 28_800, 24 * 3600];
    const holidays: HoursOff["holiday"][] = [null, "half", "full"];
    // Whole days, half days and hours of approved time off on one day (the statement counts and adds them).
    const timeOffs: Array<{ whole: number; half: number; hours: number[] }> = [
      { whole: 0, half: 0, hours: [] },
      { whole: 1, half: 0, hours: [] },
      { whole: 0, half: 1, hours: [] },
      { whole: 0, half: 2, hours: [] },
      { whole: 0, half: 0, hours: [1.15] },
      { whole: 0, half: 0, hours: [2.5, 0.75] },
      { whole: 0, half: 0, hours: [24] },
      { whole: 0, half: 1, hours: [3.33] },
      { whole: 2, half: 1, hours: [0.01] },
    ];
    const cases = bases.flatMap((base) =>
      holidays.flatMap((holiday) =>
        (["reduce", "worked", null] as const).flatMap((convention) =>
          timeOffs.map((off) => ({ base, holiday, convention, ...off })),
        ),
      ),
    );
    const found = await rows<{ index: number; capacity: number; time_off: number; credited: number }>(sql`
      with x as (
        select x.*, (select sum(h * 3600) from unnest(x.hours) h)::float8 as seconds
        from jsonb_to_recordset(${JSON.stringify(cases.map((c, index) => ({ index, ...c })))}::jsonb)
          as x(index int, base float8, holiday text, convention text, whole int, half int, hours numeric[])
      )
      select x.index, ${(() => {
        const rule = sqlRules.dayCapacity({
          base: sql`x.base`,
          holiday: sql`x.holiday`,
          convention: sql`x.convention`,
          whole: sql`x.whole`,
          half: sql`x.half`,
          seconds: sql`x.seconds`,
        });
        return sql`${rule.capacity} as capacity, ${rule.timeOff} as time_off, ${rule.credited} as credited`;
      })()}
      from x`);
    expect(found).toHaveLength(cases.length);
    for (const row of found) {
      const c = cases[Number(row.index)]!;
      const expected = dayCapacity(c.base, {
        holiday: c.holiday,
        convention: c.convention ?? "reduce",
        timeOff: [
          ...Array.from({ length: c.whole }, () => ({ part: "full" as const })),
          ...Array.from({ length: c.half }, () => ({ part: "half" as const })),
          ...c.hours.map((hours) => ({ part: "hours" as const, hours })),
        ],
      });
      expect(
        { capacity: Number(row.capacity), time_off: Number(row.time_off), credited: Number(row.credited) },
        JSON.stringify(c),
      ).toEqual(expected);
    }
  });
});
