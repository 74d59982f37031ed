import {
  type CalendarDate,
  contractualHoursOn,
  type HoursByDay,
  hoursMinutes,
  noHoursByDay,
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
  type TimesheetLine,
  type TimesheetSource,
  timesheetJson,
  timesheetRowOf,
} from "./timesheet-rows.js";

type Head = Pick<Timesheet, "timesheet_type" | "start_date" | "end_date">;
type Tail = Pick<Timesheet, "totals" | "work_log" | "worked_hours">;

/** What `timesheetJson` must write: the rows made one by one, serialized by `JSON.stringify`. */
const expectedJson = (head: Head, source: TimesheetSource, tail: Tail) =>
  JSON.stringify({ ...head, rows: source.lines.map((line) => timesheetRowOf(source, line)), ...tail });

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

const emptyTail: Tail = { totals: [], work_log: 0, worked_hours: "00:00" };
const head: Head = { timesheet_type: "byDay", start_date: "2026-03-01", end_date: "2026-03-31" };

const ada = { user_id: "6f1c2a7e-0000-4000-8000-000000000001", nominative: "Ada Lovelace" };
const partTimeHours: HoursByDay = { ...noHoursByDay, monday: 4, wednesday: 6, saturday: 3, sunday: 1 };
const partTime: ContractTerms = {
  user_id: ada.user_id,
  contract_type: "part-time",
  contractual_hours: 0,
  contractual_hours_by_day: partTimeHours,
  seconds: 0,
};
const fullTime: ContractTerms = {
  user_id: ada.user_id,
  contract_type: "full-time",
  contractual_hours: 8,
  contractual_hours_by_day: null,
  seconds: 0,
};

describe("timesheetJson (examples)", () => {
  test("an empty timesheet: no rows, the head and the tail", () => {
    const source: TimesheetSource = { people: [], contracts: new Map(), lines: [] };
    const text = timesheetJson(head, source, emptyTail).toString("utf8");
    expect(text).toBe(
      '{"timesheet_type":"byDay","start_date":"2026-03-01","end_date":"2026-03-31","rows":[],"totals":[],"work_log":0,"worked_hours":"00:00"}',
    );
    expect(checkAnswer(head, source, emptyTail).rows).toEqual([]);
  });

  test("a byDay line without a contract: nulls for the contract and the names", () => {
    // 2026-03-02 is a Monday; 3 h 25 min 59 s.
    const line: TimesheetLine = [0, "2026-03-02", 12_359, null];
    const source: TimesheetSource = { people: [ada], contracts: new Map(), lines: [line] };
    expect(timesheetRowOf(source, line)).toEqual({
      user_id: ada.user_id,
      nominative: "Ada Lovelace",
      work_log_date: "2026-03-02",
      weekday: "monday",
      work_log: 12_359,
      worked_hours: "03:25",
      contract_type: null,
      contractual_hours: null,
      contractual_hours_by_day: null,
      project_id: null,
      project_title: null,
      customer_id: null,
      customer_nominative: null,
    });
    const tail: Tail = {
      totals: [
        {
          user_id: ada.user_id,
          nominative: ada.nominative,
          work_log: 12_359,
          worked_hours: "03:25",
          contractual_seconds: 0,
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
    // 2026-03-07 is a Saturday, 2026-03-08 a Sunday, 2026-03-09 a Monday.
    const contracts = new Map([
      ["part", partTime],
      ["full", fullTime],
    ]);
    const lines: TimesheetLine[] = [
      [0, "2026-03-07", 3600, "part"],
      [0, "2026-03-08", 1800, "part"],
      [0, "2026-03-09", 7200, "part"],
      [0, "2026-03-07", 600, "full"],
      [0, "2026-03-09", 28_800, "full"],
    ];
    const source: TimesheetSource = { people: [ada], contracts, lines };
    const rows = lines.map((line) => timesheetRowOf(source, line));
    expect(rows.map((row) => [row.weekday, row.contract_type, row.contractual_hours])).toEqual([
      ["saturday", "part-time", 3],
      ["sunday", "part-time", 1],
      ["monday", "part-time", 4],
      ["saturday", "full-time", 0],
      ["monday", "full-time", 8],
    ]);
    for (const row of rows) {
      const terms = row.contract_type === "part-time" ? partTime : fullTime;
      expect(row.contractual_hours).toBe(contractualHoursOn(terms, weekdayOf(row.work_log_date)));
    }
    expect(rows[0]!.contractual_hours_by_day).toEqual(partTimeHours);
    expect(rows[3]!.contractual_hours_by_day).toBeNull();
    const answer = checkAnswer({ ...head, timesheet_type: "byDay" }, source, emptyTail);
    expect(answer.rows.map((row) => row.contractual_hours)).toEqual([3, 1, 4, 0, 8]);
  });

  test("byProject and byClient lines carry the names; a line without a project has null names", () => {
    const project = "0b9c1d2e-0000-4000-8000-00000000000a";
    const customer = "0b9c1d2e-0000-4000-8000-00000000000b";
    const lines: TimesheetLine[] = [
      [0, "2026-03-02", 60, null, project, 'Site "2.0"', customer, "ACME \\ Co"],
      [0, "2026-03-02", 120, null, null, null, null, null],
      [0, "2026-03-03", 180, "part", project, 'Site "2.0"', customer, "ACME \\ Co"],
      [0, "2026-03-03", 240, null, null, null, customer, "ACME \\ Co"],
    ];
    const source: TimesheetSource = { people: [ada], contracts: new Map([["part", partTime]]), lines };
    const answer = checkAnswer({ ...head, timesheet_type: "byProject" }, source, emptyTail);
    expect(answer.rows.map((row) => [row.project_title, row.customer_nominative])).toEqual([
      ['Site "2.0"', "ACME \\ Co"],
      [null, null],
      ['Site "2.0"', "ACME \\ Co"],
      [null, "ACME \\ Co"],
    ]);
  });

  test("a buffer that has to grow past its first size: many lines of long names", () => {
    const people = Array.from({ length: 40 }, (_, i) => ({
      user_id: `6f1c2a7e-0000-4000-8000-${String(i).padStart(12, "0")}`,
      nominative: `${'Ünïcødé 😀 "quoted" \\ '.repeat(60)}${i}`,
    }));
    const lines: TimesheetLine[] = Array.from({ length: 400 }, (_, i) => [
      i % people.length,
      `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      i * 97.5,
      i % 3 === 0 ? "part" : i % 3 === 1 ? "full" : null,
      `project-${i % 7}`,
      `${"Long project title ✓ ".repeat(40)}${i % 7}`,
      `customer-${i % 7}`,
      `${"Customer «name» ".repeat(40)}${i % 7}`,
    ]);
    const source: TimesheetSource = {
      people,
      contracts: new Map([
        ["part", partTime],
        ["full", fullTime],
      ]),
      lines,
    };
    const bytes = timesheetJson({ ...head, timesheet_type: "byProject" }, source, emptyTail);
    // The first buffer holds 256 + 380 bytes a line: these rows take several times that.
    expect(bytes.length).toBeGreaterThan(4 * (256 + lines.length * 380));
    expect(checkAnswer({ ...head, timesheet_type: "byProject" }, source, emptyTail).rows).toHaveLength(400);
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

const contractTerms: fc.Arbitrary<ContractTerms> = fc.oneof(
  fc.record({
    user_id: fc.uuid(),
    contract_type: fc.constant("part-time" as const),
    contractual_hours: fc.constantFrom(0, 0, 4),
    contractual_hours_by_day: hoursByDay,
    seconds: fc.nat(),
  }),
  fc.record({
    user_id: fc.uuid(),
    contract_type: fc.constant("full-time" as const),
    contractual_hours: fc.oneof(fc.integer({ min: 0, max: 24 }), fc.double({ min: 0, max: 24, noNaN: true })),
    contractual_hours_by_day: fc.option(hoursByDay, { nil: null }),
    seconds: fc.nat(),
  }),
);

const rawLine = fc.record({
  ord: fc.nat(),
  dayPick: fc.nat(),
  seconds,
  /** none, a contract of the map (by index), or an id the map lacks (shown as no contract). */
  contract: fc.oneof(
    fc.constant<"none">("none"),
    fc.nat().map((i) => ({ index: i })),
    fc.constant<"dangling">("dangling"),
  ),
  project: fc.option(fc.nat(), { nil: null }),
  customer: fc.option(fc.nat(), { nil: null }),
  sharedDay: fc.boolean(),
  randomDay: day,
});

const randomCase = fc
  .record({
    type: fc.constantFrom(...timesheetTypes),
    people: fc.array(fc.record({ user_id: fc.uuid(), nominative: name }), { minLength: 1, maxLength: 6 }),
    contracts: fc.uniqueArray(fc.record({ id: fc.uuid(), terms: contractTerms }), {
      selector: (c) => c.id,
      maxLength: 5,
    }),
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
    start: day,
    end: day,
    totals: fc.array(
      fc.record({
        user_id: fc.uuid(),
        nominative: name,
        work_log: seconds,
        worked_hours: seconds.map(hoursMinutes),
        contractual_seconds: fc.nat(),
        without_contract: fc.nat(),
      }) satisfies fc.Arbitrary<TimesheetUserTotal>,
      { maxLength: 4 },
    ),
    workLog: seconds,
  })
  .map((c) => {
    const contracts = new Map(c.contracts.map(({ id, terms }) => [id, terms]));
    const contractIds = [...contracts.keys()];
    // Each project names one customer (or none), each customer one name: as the aggregate answers them.
    const customerOf = (index: number | null) =>
      index === null || c.customers.length === 0 ? null : c.customers[index % c.customers.length]!;
    const lines = c.lines.map((raw): TimesheetLine => {
      const ord = raw.ord % c.people.length;
      const lineDate = raw.sharedDay ? c.sharedDays[raw.dayPick % c.sharedDays.length]! : raw.randomDay;
      const contractId =
        raw.contract === "none"
          ? null
          : raw.contract === "dangling"
            ? "00000000-0000-4000-8000-00000000dead"
            : contractIds.length === 0
              ? null
              : contractIds[raw.contract.index % contractIds.length]!;
      if (c.type === "byDay") return [ord, lineDate, raw.seconds, contractId];
      if (c.type === "byProject") {
        const project =
          raw.project === null || c.projects.length === 0 ? null : c.projects[raw.project % c.projects.length]!;
        const customer = project ? customerOf(project.customer) : null;
        return [
          ord,
          lineDate,
          raw.seconds,
          contractId,
          project?.id ?? null,
          project?.title ?? null,
          customer?.id ?? null,
          customer?.nominative ?? null,
        ];
      }
      const customer = customerOf(raw.customer);
      return [ord, lineDate, raw.seconds, contractId, null, null, customer?.id ?? null, customer?.nominative ?? null];
    });
    const source: TimesheetSource = { people: c.people, contracts, lines };
    const headOf: Head = { timesheet_type: c.type, start_date: c.start, end_date: c.end };
    const tailOf: Tail = { totals: c.totals, work_log: c.workLog, worked_hours: hoursMinutes(c.workLog) };
    return { head: headOf, source, tail: tailOf };
  });

describe("timesheetJson (random sources)", () => {
  test("writes byte for byte what JSON.stringify makes of the rows of timesheetRowOf, and the schema takes it", () => {
    fc.assert(
      fc.property(randomCase, ({ head: h, source, tail }) => {
        const answer = checkAnswer(h, source, tail);
        expect(answer.rows).toHaveLength(source.lines.length);
      }),
      { numRuns: 400 },
    );
  });

  test("each row shows the contract's hours on its weekday, by the domain's rules", () => {
    fc.assert(
      fc.property(randomCase, ({ source }) => {
        for (const line of source.lines) {
          const row = timesheetRowOf(source, line);
          const contract = line[3] === null ? undefined : source.contracts.get(line[3]);
          expect(row.weekday).toBe(weekdayOf(line[1]));
          expect(row.nominative).toBe(source.people[line[0]]!.nominative);
          expect(row.worked_hours).toBe(hoursMinutes(line[2]));
          expect(row.contractual_hours).toBe(contract ? contractualHoursOn(contract, weekdayOf(line[1])) : null);
          expect(row.contract_type).toBe(contract ? contract.contract_type : null);
        }
      }),
      { numRuns: 200 },
    );
  });
});
