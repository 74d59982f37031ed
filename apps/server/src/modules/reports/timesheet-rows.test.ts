import {
  type CalendarDate,
  contractInForce,
  contractualHoursOn,
  dailyCapacitySeconds,
  dayCapacity,
  type HoursByDay,
  type HoursOff,
  hoursMinutes,
  noHoursByDay,
  periodsOverlap,
  round2,
  type Timesheet,
  type TimesheetUserTotal,
  timesheetSchema,
  timesheetTypes,
  weekdayOf,
  weekdays,
} from "@timetrap/domain";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type ContractTerms,
  contractOfLine,
  type PackedTimesheetLines,
  type TimesheetLine,
  type TimesheetNames,
  type TimesheetSource,
  timesheetJson,
  timesheetRows,
  unpackTimesheet,
  unpackTimesheetLines,
} from "./timesheet-rows.js";

type Head = Pick<Timesheet, "timesheet_type" | "start_date" | "end_date">;
type Tail = Pick<Timesheet, "totals" | "work_log" | "worked_hours">;

/** What `timesheetJson` must write: the rows of `timesheetRows`, serialized by `JSON.stringify`. */
const expectedJson = (head: Head, source: TimesheetSource, tail: Tail) =>
  JSON.stringify({ ...head, rows: timesheetRows(source), ...tail });

/** Checks the bytes against `JSON.stringify` byte for byte and against the wire schema; answers the parsed answer. */
function checkAnswer(head: Head, source: TimesheetSource, tail: Tail): Timesheet {
  const bytes = timesheetJson(head, source, tail);
  const expected = expectedJson(head, source, tail);
  const text = bytes.toString("utf8");
  expect(text).toBe(expected);
  expect(Buffer.compare(bytes, Buffer.from(expected, "utf8"))).toBe(0);
  const parsed = JSON.parse(text) as unknown;
  const answer = timesheetSchema.parse(parsed);
  expect(answer).toEqual(parsed);
  return answer;
}

/** The day `days` days after (before, if negative) a calendar date. */
function addDays(date: CalendarDate, days: number): CalendarDate {
  const [year, month, dayOfMonth] = date.split("-").map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, dayOfMonth + days);
  return at.toISOString().slice(0, 10);
}

const emptyTail: Tail = { totals: [], work_log: 0, worked_hours: "00:00" };
const head: Head = { timesheet_type: "byDay", start_date: "2026-03-01", end_date: "2026-03-31" };

const ada = { user_id: "6f1c2a7e-0000-4000-8000-000000000001", nominative: "Ada Lovelace" };
const grace = { user_id: "6f1c2a7e-0000-4000-8000-000000000002", nominative: "Grace Hopper" };
const partTimeHours: HoursByDay = { ...noHoursByDay, monday: 4, wednesday: 6, saturday: 3, sunday: 1 };
const partTime: ContractTerms = {
  user_id: ada.user_id,
  from_date: "2026-03-01",
  to_date: null,
  contract_type: "part-time",
  contractual_hours: 0,
  contractual_hours_by_day: partTimeHours,
  seconds: 0,
};
const fullTime: ContractTerms = {
  user_id: ada.user_id,
  from_date: "2026-01-01",
  to_date: "2026-12-31",
  contract_type: "full-time",
  contractual_hours: 8,
  contractual_hours_by_day: null,
  seconds: 0,
};

describe("addDays (test helper)", () => {
  test("crosses months, leap days and years", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("1000-01-01", -1)).toBe("0999-12-31");
    expect(addDays("9998-12-31", 1)).toBe("9999-01-01");
  });
});

describe("unpackTimesheetLines", () => {
  test("a line per day from each person's packed days, dated from the period's first day, names kept", () => {
    const packed: PackedTimesheetLines[] = [
      [1, "0 3600 31 7200", null],
      [0, "2 60", null],
      [0, null, "reduce|0 2|"],
    ];
    expect(unpackTimesheetLines(packed, "2024-01-30")).toEqual([
      [1, "2024-01-30", 3600],
      [1, "2024-03-01", 7200],
      [0, "2024-02-01", 60],
    ]);
    const named: PackedTimesheetLines[] = [[2, "1 90000 0 1", null, "p-1", "Audit", null, null]];
    expect(unpackTimesheetLines(named, "2026-12-31")).toEqual([
      [2, "2027-01-01", 90000, "p-1", "Audit", null, null],
      [2, "2026-12-31", 1, "p-1", "Audit", null, null],
    ]);
    expect(unpackTimesheetLines([], "2026-01-01")).toEqual([]);
  });

  test("beside the lines, the hours off of each person with any, by their place in the report's order", () => {
    const { lines, hoursOff } = unpackTimesheet(
      [
        [1, "0 3600", null],
        [1, null, "worked|1 1|"],
        [0, null, "reduce||0 1 0 1 0"],
      ],
      "2024-02-28",
    );
    expect(lines).toEqual([[1, "2024-02-28", 3600]]);
    expect([...hoursOff.keys()]).toEqual([1, 0]);
    expect([...hoursOff.get(1)!]).toEqual([["2024-02-29", { holiday: "half", convention: "worked", timeOff: [] }]]);
    expect([...hoursOff.get(0)!.keys()]).toEqual(["2024-02-28", "2024-02-29"]);
  });

  test("unpacks what the statement packs: every line once, whatever the grouping and order", () => {
    const line = fc.record({
      ord: fc.nat({ max: 5 }),
      offset: fc.nat({ max: 365 }),
      seconds: fc.nat({ max: 366 * 86_400 }),
      names: fc.constantFrom<TimesheetNames>([], ["p-1", "Audit", "c-1", "Acme"], [null, null, "c-2", "Beta"]),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 80 }),
        fc.constantFrom<CalendarDate>("2024-02-28", "2026-01-01"),
        (lines, from) => {
          // Grouped as the statement groups them: by person and names, the days of each in one text.
          const groups = new Map<string, { ord: number; names: TimesheetNames; days: string[] }>();
          for (const { ord, offset, seconds, names } of lines) {
            const key = JSON.stringify([ord, names]);
            const group = groups.get(key) ?? { ord, names, days: [] };
            group.days.push(`${offset} ${seconds}`);
            groups.set(key, group);
          }
          const packed = [...groups.values()].map(
            ({ ord, names, days }): PackedTimesheetLines => [ord, days.join(" "), null, ...names],
          );
          const expected = lines.map(({ ord, offset, seconds, names }) => [
            ord,
            addDays(from, offset),
            seconds,
            ...names,
          ]);
          const sorted = (list: unknown[][]) => list.map((l) => JSON.stringify(l)).sort();
          expect(sorted(unpackTimesheetLines(packed, from))).toEqual(sorted(expected));
        },
      ),
    );
  });
});

describe("timesheetJson (examples)", () => {
  test("an empty timesheet: no rows, the head and the tail", () => {
    const source: TimesheetSource = { people: [], contracts: [], lines: [], hoursOff: new Map() };
    const text = timesheetJson(head, source, emptyTail).toString("utf8");
    expect(text).toBe(
      '{"timesheet_type":"byDay","start_date":"2026-03-01","end_date":"2026-03-31","rows":[],"totals":[],"work_log":0,"worked_hours":"00:00"}',
    );
    expect(timesheetRows(source)).toEqual([]);
    expect(checkAnswer(head, source, emptyTail).rows).toEqual([]);
  });

  test("a byDay line without a contract: nulls for the contract and the names", () => {
    // 2026-03-02 is a Monday; 3 h 25 min 59 s.
    const line: TimesheetLine = [0, "2026-03-02", 12_359];
    const source: TimesheetSource = { people: [ada], contracts: [], lines: [line], hoursOff: new Map() };
    expect(contractOfLine(source)(line)).toBeNull();
    expect(timesheetRows(source)).toEqual([
      {
        user_id: ada.user_id,
        nominative: "Ada Lovelace",
        work_log_date: "2026-03-02",
        weekday: "monday",
        work_log: 12_359,
        worked_hours: "03:25",
        contract_type: null,
        contractual_hours: null,
        contractual_hours_by_day: null,
        time_off: 0,
        project_id: null,
        project_title: null,
        customer_id: null,
        customer_nominative: null,
      },
    ]);
    const tail: Tail = {
      totals: [
        {
          user_id: ada.user_id,
          nominative: ada.nominative,
          work_log: 12_359,
          worked_hours: "03:25",
          contractual_seconds: 0,
          time_off: 0,
          without_contract: 12_359,
        },
      ],
      work_log: 12_359,
      worked_hours: "03:25",
    };
    const answer = checkAnswer(head, source, tail);
    expect(answer.rows).toHaveLength(1);
    expect(answer.rows[0]).toMatchObject({ weekday: "monday", contract_type: null, contractual_hours: null });
  });

  test("a part-time contract on a weekend day gives its hours for that weekday; full-time gives 0 there", () => {
    // 2026-03-07 is a Saturday, 2026-03-08 a Sunday, 2026-03-09 a Monday. Ada is part-time from 2026-03-01 (no end),
    // Grace full-time through 2026.
    const graceFullTime: ContractTerms = { ...fullTime, user_id: grace.user_id };
    const lines: TimesheetLine[] = [
      [0, "2026-03-07", 3600],
      [0, "2026-03-08", 1800],
      [0, "2026-03-09", 7200],
      [1, "2026-03-07", 600],
      [1, "2026-03-09", 28_800],
    ];
    const source: TimesheetSource = {
      people: [ada, grace],
      contracts: [graceFullTime, partTime],
      lines,
      hoursOff: new Map(),
    };
    const rows = timesheetRows(source);
    expect(rows.map((row) => [row.nominative, row.weekday, row.contract_type, row.contractual_hours])).toEqual([
      ["Ada Lovelace", "saturday", "part-time", 3],
      ["Ada Lovelace", "sunday", "part-time", 1],
      ["Ada Lovelace", "monday", "part-time", 4],
      ["Grace Hopper", "saturday", "full-time", 0],
      ["Grace Hopper", "monday", "full-time", 8],
    ]);
    const contractOf = contractOfLine(source);
    expect(lines.map(contractOf)).toEqual([partTime, partTime, partTime, graceFullTime, graceFullTime]);
    expect(contractOf(lines[0]!)).toBe(partTime);
    expect(contractOf(lines[3]!)).toBe(graceFullTime);
    for (const row of rows) {
      const terms = row.contract_type === "part-time" ? partTime : graceFullTime;
      expect(row.contractual_hours).toBe(contractualHoursOn(terms, weekdayOf(row.work_log_date)));
    }
    expect(rows[0]!.contractual_hours_by_day).toEqual(partTimeHours);
    expect(rows[3]!.contractual_hours_by_day).toBeNull();
    const answer = checkAnswer({ ...head, timesheet_type: "byDay" }, source, emptyTail);
    expect(answer.rows.map((row) => row.contractual_hours)).toEqual([3, 1, 4, 0, 8]);
  });

  test("a contract that changes mid-period: each row shows the one in force on its day", () => {
    // Full-time until the 15th (a Sunday), part-time from the 16th (a Monday), listed newest first.
    const until15: ContractTerms = { ...fullTime, from_date: "2026-03-01", to_date: "2026-03-15" };
    const from16: ContractTerms = { ...partTime, from_date: "2026-03-16", to_date: null };
    const lines: TimesheetLine[] = [
      [0, "2026-03-01", 60],
      [0, "2026-03-02", 120],
      [0, "2026-03-14", 180],
      [0, "2026-03-15", 240],
      [0, "2026-03-16", 300],
      [0, "2026-03-18", 360],
      [0, "2026-03-21", 420],
      [0, "2026-03-22", 480],
      [0, "2026-03-31", 540],
    ];
    const source: TimesheetSource = { people: [ada], contracts: [from16, until15], lines, hoursOff: new Map() };
    const contractOf = contractOfLine(source);
    const expected = [until15, until15, until15, until15, from16, from16, from16, from16, from16];
    for (const [i, line] of lines.entries()) expect(contractOf(line)).toBe(expected[i]);
    const rows = timesheetRows(source);
    expect(rows.map((row) => [row.work_log_date, row.weekday, row.contract_type, row.contractual_hours])).toEqual([
      ["2026-03-01", "sunday", "full-time", 0],
      ["2026-03-02", "monday", "full-time", 8],
      ["2026-03-14", "saturday", "full-time", 0],
      ["2026-03-15", "sunday", "full-time", 0],
      ["2026-03-16", "monday", "part-time", 4],
      ["2026-03-18", "wednesday", "part-time", 6],
      ["2026-03-21", "saturday", "part-time", 3],
      ["2026-03-22", "sunday", "part-time", 1],
      ["2026-03-31", "tuesday", "part-time", 0],
    ]);
    expect(rows.map((row) => row.contractual_hours_by_day)).toEqual([
      null,
      null,
      null,
      null,
      partTimeHours,
      partTimeHours,
      partTimeHours,
      partTimeHours,
      partTimeHours,
    ]);
    const answer = checkAnswer(head, source, emptyTail);
    expect(answer.rows).toEqual(rows);
  });

  test("a day between two contracts, or before the first, shows no contract (another person's does not count)", () => {
    const first: ContractTerms = { ...fullTime, from_date: "2026-03-02", to_date: "2026-03-10" };
    const second: ContractTerms = { ...partTime, from_date: "2026-03-20", to_date: "2026-03-31" };
    // Grace's contract covers Ada's gap: it must not show on Ada's rows.
    const graceAll: ContractTerms = { ...fullTime, user_id: grace.user_id, from_date: "2026-01-01", to_date: null };
    const lines: TimesheetLine[] = [
      [0, "2026-03-01", 10], // before the first
      [0, "2026-03-10", 20], // the first's last day (a Tuesday)
      [0, "2026-03-11", 30], // the day after: the gap
      [0, "2026-03-16", 40], // a Monday in the gap
      [0, "2026-03-19", 50], // the day before the second
      [0, "2026-03-23", 60], // a Monday of the second
      [0, "2026-04-01", 70], // after the second
      [1, "2026-03-16", 80], // Grace, the same Monday
    ];
    const source: TimesheetSource = {
      people: [ada, grace],
      contracts: [second, graceAll, first],
      lines,
      hoursOff: new Map(),
    };
    const contractOf = contractOfLine(source);
    expect(lines.map((line) => contractOf(line))).toEqual([null, first, null, null, null, second, null, graceAll]);
    const rows = timesheetRows(source);
    expect(rows.map((row) => [row.contract_type, row.contractual_hours, row.contractual_hours_by_day])).toEqual([
      [null, null, null],
      ["full-time", 8, null],
      [null, null, null],
      [null, null, null],
      [null, null, null],
      ["part-time", 4, partTimeHours],
      [null, null, null],
      ["full-time", 8, null],
    ]);
    expect(checkAnswer(head, source, emptyTail).rows).toEqual(rows);
  });

  test("a day with a holiday or time off: the contract's hours net of it, and its seconds in time_off", () => {
    // 2026-03-02 is a Monday (8 h full-time); 2026-03-04 a Wednesday (6 h part-time for Grace).
    const graceFrom: ContractTerms = { ...partTime, user_id: grace.user_id };
    const lines: TimesheetLine[] = [
      [0, "2026-03-02", 3600],
      [0, "2026-03-03", 0],
      [0, "2026-03-05", 60],
      [1, "2026-03-04", 7200],
      [1, "2026-03-05", 60],
    ];
    const source: TimesheetSource = {
      people: [ada, grace],
      contracts: [fullTime, graceFrom],
      lines,
      hoursOff: new Map([
        [
          ada.user_id,
          new Map<CalendarDate, HoursOff>([
            ["2026-03-02", { holiday: "half", convention: "reduce", timeOff: [{ part: "hours", hours: 1.25 }] }],
            ["2026-03-03", { holiday: "full", convention: "worked", timeOff: [] }],
          ]),
        ],
        [
          grace.user_id,
          new Map([["2026-03-04", { holiday: null, convention: "reduce", timeOff: [{ part: "half" }] }]]),
        ],
      ]),
    };
    const answer = checkAnswer(head, source, emptyTail);
    expect(answer.rows.map((row) => [row.nominative, row.work_log_date, row.contractual_hours, row.time_off])).toEqual([
      ["Ada Lovelace", "2026-03-02", 2.75, 4 * 3600 + 4500],
      // The worked convention keeps the hours and credits the day.
      ["Ada Lovelace", "2026-03-03", 8, 8 * 3600],
      ["Ada Lovelace", "2026-03-05", 8, 0],
      ["Grace Hopper", "2026-03-04", 3, 3 * 3600],
      // Thursday is not one of Grace's days: nothing to take.
      ["Grace Hopper", "2026-03-05", 0, 0],
    ]);
  });

  test("byProject and byClient lines carry the names; a line without a project has null names", () => {
    const project = "0b9c1d2e-0000-4000-8000-00000000000a";
    const customer = "0b9c1d2e-0000-4000-8000-00000000000b";
    const lines: TimesheetLine[] = [
      [0, "2026-03-02", 60, project, 'Site "2.0"', customer, "ACME \\ Co"],
      [0, "2026-03-02", 120, null, null, null, null],
      [0, "2026-03-03", 180, project, 'Site "2.0"', customer, "ACME \\ Co"],
      [0, "2026-03-03", 240, null, null, customer, "ACME \\ Co"],
    ];
    // Part-time on 2026-03-03 only.
    const oneDay: ContractTerms = { ...partTime, from_date: "2026-03-03", to_date: "2026-03-03" };
    const source: TimesheetSource = { people: [ada], contracts: [oneDay], lines, hoursOff: new Map() };
    const answer = checkAnswer({ ...head, timesheet_type: "byProject" }, source, emptyTail);
    expect(answer.rows.map((row) => [row.project_title, row.customer_nominative, row.contract_type])).toEqual([
      ['Site "2.0"', "ACME \\ Co", null],
      [null, null, null],
      ['Site "2.0"', "ACME \\ Co", "part-time"],
      [null, "ACME \\ Co", "part-time"],
    ]);
    expect(answer.rows.map((row) => [row.project_id, row.customer_id])).toEqual([
      [project, customer],
      [null, null],
      [project, customer],
      [null, customer],
    ]);
  });

  test("a buffer that has to grow past its first size: many lines of long names", () => {
    const people = Array.from({ length: 40 }, (_, i) => ({
      user_id: `6f1c2a7e-0000-4000-8000-${String(i).padStart(12, "0")}`,
      nominative: `${'Ünïcødé 😀 "quoted" \\ '.repeat(60)}${i}`,
    }));
    // A third of the people part-time from March, a third full-time through the year, a third without a contract.
    const contracts: ContractTerms[] = people.flatMap((person, i): ContractTerms[] =>
      i % 3 === 0
        ? [{ ...partTime, user_id: person.user_id }]
        : i % 3 === 1
          ? [{ ...fullTime, user_id: person.user_id }]
          : [],
    );
    const lines: TimesheetLine[] = Array.from({ length: 400 }, (_, i) => [
      i % people.length,
      `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      i * 97.5,
      `project-${i % 7}`,
      `${"Long project title ✓ ".repeat(40)}${i % 7}`,
      `customer-${i % 7}`,
      `${"Customer «name» ".repeat(40)}${i % 7}`,
    ]);
    const source: TimesheetSource = { people, contracts, lines, hoursOff: new Map() };
    const bytes = timesheetJson({ ...head, timesheet_type: "byProject" }, source, emptyTail);
    // The first buffer holds 256 + 380 bytes a line: these rows take several times that.
    expect(bytes.length).toBeGreaterThan(4 * (256 + lines.length * 380));
    const answer = checkAnswer({ ...head, timesheet_type: "byProject" }, source, emptyTail);
    expect(answer.rows).toHaveLength(400);
    const types = new Set(answer.rows.map((row) => row.contract_type));
    expect(types).toEqual(new Set(["part-time", "full-time", null]));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Random sources

/** Names that JSON has to escape or that take several UTF-8 bytes. */
const trickyNames = [
  "",
  'O"Brien',
  "back\\slash\\",
  "tab\tnew\nline\rform\fback\b",
  "nul\u0000unit\u001fdel\u007f",
  "Ætna Ünïcödé Łódź Ñandú",
  "emoji 😀👩‍👩‍👧🏳️‍🌈",
  "line\u2028para\u2029sep",
  "lone \ud800 high",
  "lone \udfff low",
  "</script><!--",
  "中文 日本語 한국어",
  "\u00a0nbsp\ufeffbom",
];
const specialChars = ['"', "\\", "\n", "\u0000", "\u001f", "\u007f", "é", "€", "😀", "\ud83d", "\u2028", "a", " "];

const name = fc.oneof(
  fc.constantFrom(...trickyNames),
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 16 }),
  fc.string({ unit: fc.constantFrom(...specialChars), maxLength: 24 }),
);

const day: fc.Arbitrary<CalendarDate> = fc
  .date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9998-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const seconds = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 86_400 }),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ min: 0, max: 1e7, noNaN: true }),
  fc.double({ min: 0, max: 1e30, noNaN: true }),
  // Around the edges of writing whole numbers and HH:MM digit by digit: one or two hour digits, safe integers,
  // hours that stop being safe integers, exponent notation, negative zero.
  fc.constantFrom(
    -0,
    0.1,
    9,
    10,
    59.999,
    60,
    3599.5,
    35_999,
    36_000,
    359_999,
    360_000,
    123_456_789.25,
    2 ** 53 - 1,
    2 ** 53,
    2 ** 53 + 2,
    (2 ** 53 - 1) * 3600,
    (2 ** 53 - 1) * 3600 + 3600,
    2 ** 53 * 3600 * 2,
    1e21,
    1.5e300,
  ),
);

const hoursByDay: fc.Arbitrary<HoursByDay> = fc.record(
  Object.fromEntries(weekdays.map((weekday) => [weekday, fc.integer({ min: 0, max: 24 })])) as Record<
    keyof HoursByDay,
    fc.Arbitrary<number>
  >,
);

type Terms = Omit<ContractTerms, "user_id" | "from_date" | "to_date">;

/** A contract's terms, without its person and period. */
const contractTerms: fc.Arbitrary<Terms> = fc.oneof(
  fc.record({
    contract_type: fc.constant("part-time" as const),
    contractual_hours: fc.constantFrom(0, 0, 4),
    contractual_hours_by_day: hoursByDay,
    seconds: fc.nat(),
  }),
  fc.record({
    contract_type: fc.constant("full-time" as const),
    contractual_hours: fc.oneof(fc.integer({ min: 0, max: 24 }), fc.double({ min: 0, max: 24, noNaN: true })),
    contractual_hours_by_day: fc.option(hoursByDay, { nil: null }),
    seconds: fc.nat(),
  }),
);

/**
 * How a contract ends: at the next of the person's sorted days (`pair`), on its first day (`same`), the day before the
 * next contract starts (`adjacent`; open for the last), or never (`open`; only the last, else as `pair`).
 */
type EndKind = "pair" | "same" | "adjacent" | "open";

interface PersonContracts {
  bounds: CalendarDate[];
  count: number;
  ends: EndKind[];
  terms: Terms[];
}

/** A person's 0–3 contracts: periods cut from sorted distinct days, so that they never overlap. */
const personContracts: fc.Arbitrary<PersonContracts> = fc.record({
  bounds: fc.uniqueArray(day, { maxLength: 6 }),
  count: fc.integer({ min: 0, max: 3 }),
  ends: fc.array(fc.constantFrom<EndKind>("pair", "pair", "same", "adjacent", "open"), {
    minLength: 3,
    maxLength: 3,
  }),
  terms: fc.array(contractTerms, { minLength: 3, maxLength: 3 }),
});

function contractsOf(userId: string, { bounds, count, ends, terms }: PersonContracts): ContractTerms[] {
  const sorted = [...bounds].sort();
  const froms = sorted.filter((_, i) => i % 2 === 0).slice(0, count);
  return froms.map((from, k): ContractTerms => {
    const next = froms[k + 1];
    // sorted[2k + 1] lies strictly between this contract's first day and the next one's (the days are distinct).
    const pairEnd = sorted[2 * k + 1] ?? null;
    const end = ends[k]!;
    const to_date =
      end === "same"
        ? from
        : end === "adjacent"
          ? next === undefined
            ? null
            : addDays(next, -1)
          : end === "open" && next === undefined
            ? null
            : pairEnd;
    return { ...terms[k]!, user_id: userId, from_date: from, to_date };
  });
}

const hoursOff: fc.Arbitrary<HoursOff> = fc.record({
  holiday: fc.constantFrom(null, "full" as const, "half" as const),
  convention: fc.constantFrom("reduce" as const, "worked" as const),
  timeOff: fc.array(
    fc.oneof(
      fc.constant({ part: "full" as const }),
      fc.constant({ part: "half" as const }),
      fc.integer({ min: 1, max: 2400 }).map((cents) => ({ part: "hours" as const, hours: cents / 100 })),
    ),
    { maxLength: 3 },
  ),
});

const rawLine = fc.record({
  ord: fc.nat(),
  dayPick: fc.nat(),
  /** A day shared with other lines, any day, or one at an edge of one of the person's contracts (or just outside). */
  dayKind: fc.constantFrom("shared", "random", "edge", "edge"),
  seconds,
  project: fc.option(fc.nat(), { nil: null }),
  customer: fc.option(fc.nat(), { nil: null }),
  randomDay: day,
});

const randomCase = fc
  .record({
    type: fc.constantFrom(...timesheetTypes),
    people: fc.uniqueArray(fc.record({ user_id: fc.uuid(), nominative: name, contracts: personContracts }), {
      selector: (p) => p.user_id,
      minLength: 1,
      maxLength: 6,
    }),
    /** Contracts of people outside the report: never shown. */
    strangers: fc.array(
      fc.record({ user_id: fc.uuid(), from_date: day, to_date: fc.option(day, { nil: null }), terms: contractTerms }),
      { maxLength: 2 },
    ),
    /** Where each contract goes in the source's list: the list is not grouped by person nor sorted by date. */
    contractOrder: fc.array(fc.nat(), { maxLength: 20 }),
    customers: fc.uniqueArray(fc.record({ id: fc.uuid(), nominative: fc.option(name, { nil: null, freq: 8 }) }), {
      selector: (c) => c.id,
      maxLength: 5,
    }),
    projects: fc.uniqueArray(
      fc.record({
        id: fc.uuid(),
        title: fc.option(name, { nil: null, freq: 8 }),
        customer: fc.option(fc.nat(), { nil: null }),
      }),
      { selector: (p) => p.id, maxLength: 6 },
    ),
    sharedDays: fc.array(day, { minLength: 1, maxLength: 4 }),
    lines: fc.array(rawLine, { maxLength: 60 }),
    /** Holidays and time off on some of the lines' days. */
    offs: fc.array(fc.record({ line: fc.nat(), hoursOff }), { maxLength: 10 }),
    start: day,
    end: day,
    totals: fc.array(
      fc.record({
        user_id: fc.uuid(),
        nominative: name,
        work_log: seconds,
        worked_hours: seconds.map(hoursMinutes),
        contractual_seconds: fc.nat(),
        time_off: fc.nat(),
        without_contract: fc.nat(),
      }) satisfies fc.Arbitrary<TimesheetUserTotal>,
      { maxLength: 4 },
    ),
    workLog: seconds,
  })
  .map((c) => {
    const people = c.people.map(({ user_id, nominative }) => ({ user_id, nominative }));
    const byPerson = c.people.map((person) => contractsOf(person.user_id, person.contracts));
    const strangers = c.strangers.map(
      ({ user_id, from_date, to_date, terms }): ContractTerms => ({ ...terms, user_id, from_date, to_date }),
    );
    const contracts = [...byPerson.flat(), ...strangers]
      .map((contract, i) => ({ contract, key: c.contractOrder[i] ?? 0 }))
      .sort((a, b) => a.key - b.key)
      .map(({ contract }) => contract);
    // Days at and around the edges of each person's contracts: the first and last days and the days just outside.
    const edges = byPerson.map((list) =>
      list.flatMap(({ from_date, to_date }) =>
        to_date === null
          ? [addDays(from_date, -1), from_date]
          : [addDays(from_date, -1), from_date, to_date, addDays(to_date, 1)],
      ),
    );
    // Each project names one customer (or none), each customer one name: as the aggregate answers them.
    const customerOf = (index: number | null) =>
      index === null || c.customers.length === 0 ? null : c.customers[index % c.customers.length]!;
    const lines = c.lines.map((raw): TimesheetLine => {
      const ord = raw.ord % people.length;
      const personEdges = edges[ord]!;
      const lineDate =
        raw.dayKind === "random"
          ? raw.randomDay
          : raw.dayKind === "edge" && personEdges.length > 0
            ? personEdges[raw.dayPick % personEdges.length]!
            : c.sharedDays[raw.dayPick % c.sharedDays.length]!;
      if (c.type === "byDay") return [ord, lineDate, raw.seconds];
      if (c.type === "byProject") {
        const project =
          raw.project === null || c.projects.length === 0 ? null : c.projects[raw.project % c.projects.length]!;
        const customer = project ? customerOf(project.customer) : null;
        return [
          ord,
          lineDate,
          raw.seconds,
          project?.id ?? null,
          project?.title ?? null,
          customer?.id ?? null,
          customer?.nominative ?? null,
        ];
      }
      const customer = customerOf(raw.customer);
      return [ord, lineDate, raw.seconds, null, null, customer?.id ?? null, customer?.nominative ?? null];
    });
    const hoursOffByUser = new Map<string, Map<CalendarDate, HoursOff>>();
    for (const { line, hoursOff: off } of c.offs) {
      const picked = lines[line % Math.max(1, lines.length)];
      if (!picked) continue;
      const userId = people[picked[0]]!.user_id;
      const byDate = hoursOffByUser.get(userId) ?? new Map<CalendarDate, HoursOff>();
      byDate.set(picked[1], off);
      hoursOffByUser.set(userId, byDate);
    }
    const source: TimesheetSource = { people, contracts, lines, hoursOff: hoursOffByUser };
    const headOf: Head = { timesheet_type: c.type, start_date: c.start, end_date: c.end };
    const tailOf: Tail = { totals: c.totals, work_log: c.workLog, worked_hours: hoursMinutes(c.workLog) };
    return { head: headOf, source, tail: tailOf };
  });

/** A person's contracts in a source. */
const contractsOfPerson = (source: TimesheetSource, ord: number) =>
  source.contracts.filter((contract) => contract.user_id === source.people[ord]!.user_id);

describe("the random sources", () => {
  test("a person's contracts never overlap, and end no earlier than they start", () => {
    fc.assert(
      fc.property(randomCase, ({ source }) => {
        source.people.forEach((_, ord) => {
          const list = contractsOfPerson(source, ord);
          expect(list.length).toBeLessThanOrEqual(3);
          list.forEach((a, i) => {
            if (a.to_date !== null) expect(a.from_date <= a.to_date).toBe(true);
            for (const b of list.slice(i + 1)) expect(periodsOverlap(a, b)).toBe(false);
          });
        });
      }),
      { numRuns: 300 },
    );
  });

  test("have lines inside and outside contracts, open-ended and closed ones, first and last days", () => {
    const seen = { inside: 0, outsideWithContracts: 0, withoutContracts: 0, open: 0, lastDay: 0, firstDay: 0 };
    for (const { source } of fc.sample(randomCase, { numRuns: 300, seed: 42 })) {
      for (const line of source.lines) {
        const list = contractsOfPerson(source, line[0]);
        const contract = contractInForce(list, line[1]);
        if (contract === null) {
          if (list.length > 0) seen.outsideWithContracts += 1;
          else seen.withoutContracts += 1;
          continue;
        }
        seen.inside += 1;
        if (contract.to_date === null) seen.open += 1;
        if (contract.to_date === line[1]) seen.lastDay += 1;
        if (contract.from_date === line[1]) seen.firstDay += 1;
      }
    }
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(20);
  });

  test("have lines on days with holidays and time off, with and without a contract", () => {
    const seen = { withContract: 0, withoutContract: 0, worked: 0 };
    for (const { source } of fc.sample(randomCase, { numRuns: 300, seed: 42 })) {
      for (const line of source.lines) {
        const off = source.hoursOff.get(source.people[line[0]]!.user_id)?.get(line[1]);
        if (!off) continue;
        if (contractInForce(contractsOfPerson(source, line[0]), line[1])) seen.withContract += 1;
        else seen.withoutContract += 1;
        if (off.holiday && off.convention === "worked") seen.worked += 1;
      }
    }
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(20);
  });
});

describe("timesheetJson (random sources)", () => {
  test("writes byte for byte what JSON.stringify makes of the rows of timesheetRows, and the schema takes it", () => {
    fc.assert(
      fc.property(randomCase, ({ head: h, source, tail }) => {
        const answer = checkAnswer(h, source, tail);
        expect(answer.rows).toHaveLength(source.lines.length);
      }),
      { numRuns: 400 },
    );
  });

  test("each row shows the contract in force on its day and its hours on the weekday, by the domain's rules", () => {
    fc.assert(
      fc.property(randomCase, ({ source }) => {
        const rows = timesheetRows(source);
        const contractOf = contractOfLine(source);
        expect(rows).toHaveLength(source.lines.length);
        source.lines.forEach((line, i) => {
          const row = rows[i]!;
          const person = source.people[line[0]]!;
          const list = contractsOfPerson(source, line[0]);
          const contract = contractInForce(list, line[1]);
          // At most one of the person's contracts includes the day.
          expect(
            list.filter((c) => c.from_date <= line[1] && (c.to_date === null || line[1] <= c.to_date)).length,
          ).toBe(contract ? 1 : 0);
          expect(contractOf(line)).toBe(contract);
          expect(row.user_id).toBe(person.user_id);
          expect(row.nominative).toBe(person.nominative);
          expect(row.work_log_date).toBe(line[1]);
          expect(row.weekday).toBe(weekdayOf(line[1]));
          expect(row.work_log).toBe(line[2]);
          expect(row.worked_hours).toBe(hoursMinutes(line[2]));
          expect(row.contract_type).toBe(contract ? contract.contract_type : null);
          const off = source.hoursOff.get(person.user_id)?.get(line[1]);
          const hours = contract ? contractualHoursOn(contract, weekdayOf(line[1])) : null;
          // Net of the day's holiday and time off, which take their seconds from the rings' base.
          expect(row.contractual_hours).toBe(
            hours === null || !off ? hours : round2(dayCapacity(hours * 3600, off).capacity / 3600),
          );
          expect(row.time_off).toBe(off ? dayCapacity(dailyCapacitySeconds(list, line[1]), off).time_off : 0);
          expect(row.contractual_hours_by_day).toBe(contract ? contract.contractual_hours_by_day : null);
          expect(row.project_id).toBe(line[3] ?? null);
          expect(row.project_title).toBe(line[4] ?? null);
          expect(row.customer_id).toBe(line[5] ?? null);
          expect(row.customer_nominative).toBe(line[6] ?? null);
        });
      }),
      { numRuns: 200 },
    );
  });
});
