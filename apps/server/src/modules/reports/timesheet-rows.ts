import {
  addDays,
  type CalendarDate,
  type ContractType,
  contractInForce,
  contractualHoursOn,
  contractualSecondsOff,
  type HoursOff,
  type HoursOffByDate,
  hoursMinutes,
  type Timesheet,
  type TimesheetRow,
  type TimesheetUserTotal,
  timesheetDayTerms,
  type Weekday,
  weekdayOf,
  weekdays,
} from "@timetrap/domain";
import { giveBack, takeAnswerBuffer } from "../../http/answer-buffers.js";
import { type PackedHoursOff, unpackHoursOff } from "./daily-figures.js";
import type { TimesheetDimension } from "./reports.repository.js";

/** A contract a timesheet row may show: its period, its terms, and the contractual seconds it gives over the report's. */
export interface ContractTerms {
  user_id: string;
  from_date: CalendarDate;
  to_date: CalendarDate | null;
  contract_type: ContractType;
  contractual_hours: number;
  contractual_hours_by_day: TimesheetRow["contractual_hours_by_day"];
  seconds: number;
}

/**
 * One row of the timesheet as its aggregate answers it: the person's place in the report's order, the day in their
 * zone, the seconds logged and, by project or customer, the names.
 */
export type TimesheetLine = [
  ord: number,
  day: CalendarDate,
  seconds: number,
  projectId?: string | null,
  projectTitle?: string | null,
  customerId?: string | null,
  customerNominative?: string | null,
];

/** The names a line carries by project or customer: none by day. */
export type TimesheetNames = [
  projectId?: string | null,
  projectTitle?: string | null,
  customerId?: string | null,
  customerNominative?: string | null,
];

/**
 * A row of the timesheet's statement: either the lines of a person (and project or customer), packed: their place in
 * the report's order, their days as one text of `offset seconds` pairs (the offset the day's distance from the period's
 * first), no hours off, and the names; or a person's hours off in the period (`PackedHoursOff`), without days or names.
 */
export type PackedTimesheetLines = readonly [
  ord: number,
  days: string | null,
  hoursOff: PackedHoursOff | null,
  ...names: TimesheetNames,
];

/** The lines packed in `packed`, a line per day, in no particular order. */
export function unpackTimesheetLines(
  packed: readonly PackedTimesheetLines[],
  from: CalendarDate,
  dates: CalendarDate[] = [],
): TimesheetLine[] {
  const lines: TimesheetLine[] = [];
  for (const row of packed) {
    const days = row[1];
    if (days === null) continue;
    const ord = row[0];
    const named = row.length > 3;
    // The pairs read digit by digit (both are whole and not negative): splitting the text made a string of each.
    let offset = 0;
    let value = 0;
    let first = true;
    for (let i = 0; i <= days.length; i += 1) {
      const code = i < days.length ? days.charCodeAt(i) : 32;
      if (code !== 32) {
        value = value * 10 + (code - 48);
        continue;
      }
      if (first) offset = value;
      else {
        const date = dates[offset] ?? addDays(from, offset);
        dates[offset] = date;
        lines.push(named ? [ord, date, value, row[3], row[4], row[5], row[6]] : [ord, date, value]);
      }
      first = !first;
      value = 0;
    }
  }
  return lines;
}

/** The lines packed in `packed` (`unpackTimesheetLines`) and, by person's place in the report's order, their hours off. */
export function unpackTimesheet(
  packed: readonly PackedTimesheetLines[],
  from: CalendarDate,
): { lines: TimesheetLine[]; hoursOff: Map<number, HoursOffByDate> } {
  const dates: CalendarDate[] = [];
  const known = new Map<string, HoursOff>();
  const hoursOff = new Map<number, HoursOffByDate>();
  for (const [ord, , off] of packed) if (off !== null) hoursOff.set(ord, unpackHoursOff(off, from, dates, known));
  return { lines: unpackTimesheetLines(packed, from, dates), hoursOff };
}

/**
 * What the rows are made of: the people in the report's order, their contracts in the period, the lines, and by person
 * what takes hours off their days (holidays and approved time off).
 */
export interface TimesheetSource {
  people: readonly { user_id: string; nominative: string }[];
  contracts: readonly ContractTerms[];
  lines: readonly TimesheetLine[];
  hoursOff: ReadonlyMap<string, HoursOffByDate>;
  /** The terms of days off already worked out for this source (`dayOffTermsOf`), if any. */
  dayOffTerms?: ReturnType<typeof dayOffTermsOf>;
  /** The contracts by person (`contractsByOrd`), if already sorted out. */
  contractsOf?: ContractTerms[][];
}

/** The contracts of a source by person, in the people's order. */
export function contractsByOrd(
  source: Pick<TimesheetSource, "people" | "contracts" | "contractsOf">,
): ContractTerms[][] {
  if (source.contractsOf) return source.contractsOf;
  const byUser = new Map<string, ContractTerms[]>();
  for (const contract of source.contracts) {
    const list = byUser.get(contract.user_id);
    if (list) list.push(contract);
    else byUser.set(contract.user_id, [contract]);
  }
  return source.people.map((person) => byUser.get(person.user_id) ?? []);
}

/**
 * For a source, the contract in force for a line's person on its day (`contractInForce`), or null. Given the report's
 * period, a person with one contract over all of it (or none) is answered without looking at the day.
 */
export function contractOfLine(
  source: TimesheetSource,
  period?: { from: CalendarDate; to: CalendarDate },
): (line: TimesheetLine) => ContractTerms | null {
  const byOrd = contractsByOrd(source);
  if (!period) return (line) => contractInForce(byOrd[line[0]]!, line[1]);
  const throughout = byOrd.map((contracts) => inForceThroughout(contracts, period.from, period.to));
  return (line) => {
    const whole = throughout[line[0]];
    return whole !== undefined && line[1] >= period.from && line[1] <= period.to
      ? whole
      : contractInForce(byOrd[line[0]]!, line[1]);
  };
}

/** For a source, what takes hours off a line's person on its day, or undefined. */
export function hoursOffOfLine(source: TimesheetSource): (line: TimesheetLine) => HoursOff | undefined {
  const byOrd = source.people.map((person) => source.hoursOff.get(person.user_id));
  return (line) => byOrd[line[0]]?.get(line[1]);
}

/** What a day with hours off gives under the contract in force (`timesheetDayTerms`, `contractualSecondsOff`). */
export interface DayOffTerms {
  terms: ReturnType<typeof timesheetDayTerms>;
  /** Contractual seconds the hours off take (0 without a contract). */
  secondsOff: number;
  /** The terms as the timesheet's JSON writes them, made on first use. */
  piece?: Uint8Array;
}

/**
 * `DayOffTerms` of a day, remembered by what they depend on: the terms of the contract in force (not which contract),
 * the weekday and the hours off (the same object: `unpackHoursOff` makes one per distinct day off). Everyone of a
 * group shares its holidays, and most people share a contract's terms: a year's thousands of days off come down to a
 * few dozen distinct ones, each computed by the rules of packages/domain once.
 */
export function dayOffTermsOf(): (contract: ContractTerms | null, date: CalendarDate, off: HoursOff) => DayOffTerms {
  // Small numbers for the contracts' terms (0: no contract) and the hours off, so that the key is one number.
  const termsIds = new Map<string, number>();
  const contractIds = new Map<ContractTerms | null, number>([[null, 0]]);
  const offIds = new Map<HoursOff, number>();
  const weekdayIndexes = new Map<CalendarDate, number>();
  const known = new Map<number, DayOffTerms>();
  return (contract, date, off) => {
    let contractId = contractIds.get(contract);
    if (contractId === undefined) {
      const terms = JSON.stringify([
        contract!.contract_type,
        contract!.contractual_hours,
        contract!.contractual_hours_by_day,
      ]);
      contractId = termsIds.get(terms) ?? termsIds.size + 1;
      termsIds.set(terms, contractId);
      contractIds.set(contract, contractId);
    }
    let offId = offIds.get(off);
    if (offId === undefined) {
      offId = offIds.size;
      offIds.set(off, offId);
    }
    let weekday = weekdayIndexes.get(date);
    if (weekday === undefined) {
      weekday = weekdays.indexOf(weekdayOf(date));
      weekdayIndexes.set(date, weekday);
    }
    // One number of the three, rather than a text made on every call.
    const key = (contractId * 1_000_000 + offId) * 8 + weekday;
    let found = known.get(key);
    if (!found) {
      const contracts = contract ? [contract] : [];
      found = {
        terms: timesheetDayTerms(contracts, date, off),
        secondsOff: contractualSecondsOff(contracts, date, date, new Map([[date, off]])),
      };
      known.set(key, found);
    }
    return found;
  };
}

/**
 * The timesheet of its parts as the database answers them (`timesheetLines`, `contractsInPeriod`): the lines ordered
 * (people's order, then day, then the project's title or the customer's name in the locale's order), by day with a
 * line added for each day of time off that has none, and the totals per person (the lines added up, beside the
 * contractual seconds of the period net of holidays and time off, and the time off).
 */
export function timesheetOf({
  type,
  from,
  to,
  dimension,
  people,
  lines,
  hoursOff,
  contracts,
}: {
  type: Timesheet["timesheet_type"];
  from: CalendarDate;
  to: CalendarDate;
  dimension: TimesheetDimension;
  people: TimesheetSource["people"];
  /** Ordered here, and days of time off added. */
  lines: TimesheetLine[];
  hoursOff: TimesheetSource["hoursOff"];
  contracts: readonly ContractTerms[];
}): {
  source: TimesheetSource;
  head: Pick<Timesheet, "timesheet_type" | "start_date" | "end_date">;
  tail: Pick<Timesheet, "totals" | "work_log" | "worked_hours">;
  contractsOf: ContractTerms[][];
} {
  const contractsOf = contractsByOrd({ people, contracts });
  // The terms of each day off, worked out once for the time off below, the totals and the rows.
  const dayOffTerms = dayOffTermsOf();
  // Each person's time off in the period, by day, on the rings' base (`timesheetDayTerms` gives the same per row),
  // and what it takes of their contractual seconds (`contractualSecondsOff`).
  const secondsOffByOrd: number[] = people.map(() => 0);
  const timeOffByOrd = people.map((row, ord) => {
    const byDay = new Map<string, number>();
    for (const [date, off] of hoursOff.get(row.user_id) ?? []) {
      if (date < from || date > to) continue;
      const { terms, secondsOff } = dayOffTerms(contractInForce(contractsOf[ord]!, date), date, off);
      secondsOffByOrd[ord] = secondsOffByOrd[ord]! + secondsOff;
      if (terms.time_off > 0) byDay.set(date, terms.time_off);
    }
    return byDay;
  });
  if (dimension === "none") {
    // A line per person and day: the days with time off that no line has get one.
    const withoutLine = timeOffByOrd.map((byDay) => (byDay.size > 0 ? new Set(byDay.keys()) : null));
    for (const line of lines) withoutLine[line[0]]?.delete(line[1]);
    withoutLine.forEach((days, ord) => {
      for (const date of days ?? []) lines.push([ord, date, 0]);
    });
  }
  // In the people's order, by day (YYYY-MM-DD): within a day, the project's title or the customer's name in the
  // locale's order, then its id.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byName =
    dimension === "none"
      ? () => 0
      : (a: TimesheetLine, b: TimesheetLine) => {
          const [name, id] = dimension === "project" ? [4, 3] : [6, 5];
          return (
            ((a[name] as string | null) ?? "").localeCompare((b[name] as string | null) ?? "") ||
            byText((a[id] as string | null) ?? "", (b[id] as string | null) ?? "")
          );
        };
  lines.sort((a, b) => a[0] - b[0] || byText(a[1], b[1]) || byName(a, b));
  const contractual = new Map<string, number>();
  for (const contract of contracts) {
    contractual.set(contract.user_id, (contractual.get(contract.user_id) ?? 0) + contract.seconds);
  }
  const source: TimesheetSource = { people, contracts, lines, hoursOff, dayOffTerms, contractsOf };
  const contractOf = contractOfLine(source, { from, to });
  const logged = new Map<number, { seconds: number; withoutContract: number }>();
  for (const line of lines) {
    const [ord, , seconds] = line;
    let sum = logged.get(ord);
    if (!sum) {
      sum = { seconds: 0, withoutContract: 0 };
      logged.set(ord, sum);
    }
    sum.seconds += seconds;
    if (!contractOf(line)) sum.withoutContract += seconds;
  }
  const totals: TimesheetUserTotal[] = [];
  people.forEach((row, ord) => {
    const mine = logged.get(ord);
    const timeOff = timeOffByOrd[ord]!;
    if (!mine && !contractual.has(row.user_id) && timeOff.size === 0) return;
    const seconds = mine?.seconds ?? 0;
    totals.push({
      user_id: row.user_id,
      nominative: row.nominative,
      work_log: seconds,
      worked_hours: hoursMinutes(seconds),
      contractual_seconds: (contractual.get(row.user_id) ?? 0) - secondsOffByOrd[ord]!,
      time_off: [...timeOff.values()].reduce((total, day) => total + day, 0),
      without_contract: mine?.withoutContract ?? 0,
    });
  });
  const workLog = totals.reduce((total, t) => total + t.work_log, 0);
  const head = { timesheet_type: type, start_date: from, end_date: to };
  const tail = { totals, work_log: workLog, worked_hours: hoursMinutes(workLog) };
  return { source, head, tail, contractsOf };
}

/** The rows of the spec's Timesheet row the lines stand for. */
export function timesheetRows(source: TimesheetSource): TimesheetRow[] {
  const contracts = contractsByOrd(source);
  const hoursOffOf = hoursOffOfLine(source);
  return source.lines.map((line) => {
    const [ord, day, seconds, projectId, projectTitle, customerId, customerNominative] = line;
    const person = source.people[ord]!;
    return {
      user_id: person.user_id,
      nominative: person.nominative,
      work_log_date: day,
      weekday: weekdayOf(day),
      work_log: seconds,
      worked_hours: hoursMinutes(seconds),
      ...timesheetDayTerms(contracts[ord]!, day, hoursOffOf(line)),
      project_id: projectId ?? null,
      project_title: projectTitle ?? null,
      customer_id: customerId ?? null,
      customer_nominative: customerNominative ?? null,
    };
  });
}

/**
 * Bytes of a JSON text written piece by piece into one buffer that doubles as it fills, taken from the answers' buffers
 * (`takeAnswerBuffer`: the answer gives it back once sent). The pieces are either bytes made once (`bytes`) or short
 * ASCII text (`ascii`: digits, `HH:MM`).
 */
class JsonBytes {
  private buffer: Buffer;
  private length = 0;

  constructor(size: number) {
    this.buffer = takeAnswerBuffer(size);
  }

  private room(size: number): void {
    if (this.length + size <= this.buffer.length) return;
    const next = takeAnswerBuffer(Math.max(this.buffer.length * 2, this.length + size));
    next.set(this.buffer.subarray(0, this.length));
    giveBack(this.buffer);
    this.buffer = next;
  }

  bytes(piece: Uint8Array): void {
    this.room(piece.length);
    this.buffer.set(piece, this.length);
    this.length += piece.length;
  }

  ascii(text: string): void {
    this.room(text.length);
    for (let i = 0; i < text.length; i += 1) this.buffer[this.length + i] = text.charCodeAt(i);
    this.length += text.length;
  }

  /** A number as `JSON.stringify` writes it; whole ones digit by digit, without making their text. */
  number(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      this.ascii(Number.isFinite(value) ? String(value) : "null");
      return;
    }
    let digits = 1;
    for (let rest = Math.floor(value / 10); rest > 0; rest = Math.floor(rest / 10)) digits += 1;
    this.room(digits);
    let at = this.length + digits;
    let rest = value;
    do {
      at -= 1;
      this.buffer[at] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
    this.length += digits;
  }

  /** `hoursMinutes(seconds)` (packages/domain), written digit by digit. */
  hoursMinutes(seconds: number): void {
    const minutes = Math.floor(Math.max(0, seconds) / 60);
    const hours = Math.floor(minutes / 60);
    if (!Number.isSafeInteger(hours)) {
      this.ascii(hoursMinutes(seconds));
      return;
    }
    if (hours < 10) this.ascii("0");
    this.number(hours);
    const rest = minutes % 60;
    this.room(3);
    this.buffer[this.length] = 58;
    this.buffer[this.length + 1] = 48 + Math.floor(rest / 10);
    this.buffer[this.length + 2] = 48 + (rest % 10);
    this.length += 3;
  }

  done(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

const utf8 = (text: string): Uint8Array => Buffer.from(text, "utf8");

/**
 * Of a person's contracts in a period, the one in force on every day of it, null without any, undefined when it
 * depends on the day (`contractInForce`).
 */
function inForceThroughout(
  contracts: readonly ContractTerms[],
  from: CalendarDate,
  to: CalendarDate,
): ContractTerms | null | undefined {
  if (contracts.length === 0) return null;
  const [only] = contracts;
  if (contracts.length > 1 || !only) return undefined;
  return only.from_date <= from && (only.to_date === null || only.to_date >= to) ? only : undefined;
}

/** A day's part of a row's JSON, from its date to `"work_log":`, with its weekday. */
function dayPiece(day: CalendarDate): { piece: Uint8Array; weekday: Weekday; index: number } {
  const weekday = weekdayOf(day);
  const piece = utf8(`${JSON.stringify(day)},"weekday":${JSON.stringify(weekday)},"work_log":`);
  return { piece, weekday, index: weekdays.indexOf(weekday) };
}

/** The terms' part of a row's JSON, from the end of its hours (`",`) to the time off and its comma. */
function termsPiece(
  terms: Pick<TimesheetRow, "contract_type" | "contractual_hours" | "contractual_hours_by_day" | "time_off">,
): Uint8Array {
  return utf8(
    `","contract_type":${JSON.stringify(terms.contract_type)},"contractual_hours":${JSON.stringify(
      terms.contractual_hours,
    )},"contractual_hours_by_day":${JSON.stringify(terms.contractual_hours_by_day)},"time_off":${JSON.stringify(
      terms.time_off,
    )},`,
  );
}

/** The pieces by weekday of the contracts with `contract`'s terms, from `known`. */
function piecesOfTerms(known: Map<string, Uint8Array[]>, contract: ContractTerms): Uint8Array[] {
  const key = `${contract.contract_type} ${contract.contractual_hours} ${JSON.stringify(contract.contractual_hours_by_day)}`;
  let pieces = known.get(key);
  if (!pieces) {
    pieces = [];
    known.set(key, pieces);
  }
  return pieces;
}

/** The names' part of a row's JSON, to its end. */
function namesPiece(line: TimesheetLine): Uint8Array {
  return utf8(
    JSON.stringify({
      project_id: line[3] ?? null,
      project_title: line[4] ?? null,
      customer_id: line[5] ?? null,
      customer_nominative: line[6] ?? null,
    }).slice(1),
  );
}

/**
 * The timesheet's JSON answer, byte for byte what `JSON.stringify` makes of `{...head, rows, ...tail}` with the rows
 * of `timesheetRows`, written without making the rows: what repeats from row to row (a person's id and name, a day and
 * its weekday, a contract's terms on a weekday, a project's or customer's names) is encoded once, and each row adds its
 * seconds and their `HH:MM`. For a year of a hundred people (25,000 rows, 9 MB) this is most of the server's work.
 */
export function timesheetJson(
  head: Pick<Timesheet, "timesheet_type" | "start_date" | "end_date">,
  source: TimesheetSource,
  tail: Pick<Timesheet, "totals" | "work_log" | "worked_hours">,
): Buffer {
  // A person's row begins with a comma after the first row.
  const people = source.people.map((person) =>
    utf8(
      `,{"user_id":${JSON.stringify(person.user_id)},"nominative":${JSON.stringify(person.nominative)},"work_log_date":`,
    ),
  );
  const days = new Map<CalendarDate, { piece: Uint8Array; weekday: Weekday; index: number }>();
  // By contract, its terms on each weekday (Monday first), shared by the contracts whose terms are alike (most people's
  // are). The pieces are made by functions apart (`dayPiece`, `termsPiece`, `namesPiece`), once each: the loop stays
  // small enough for V8 to inline its writes.
  const contractPieces = new Map<ContractTerms, Uint8Array[]>();
  const termsPieces = new Map<string, Uint8Array[]>();
  const namePieces = new Map<string, Uint8Array>();
  const noContract = termsPiece({
    contract_type: null,
    contractual_hours: null,
    contractual_hours_by_day: null,
    time_off: 0,
  });
  const noNames = utf8(`"project_id":null,"project_title":null,"customer_id":null,"customer_nominative":null}`);
  const workedHours = utf8(`,"worked_hours":"`);
  const out = new JsonBytes(256 + source.lines.length * 380);
  out.bytes(utf8(`${JSON.stringify(head).slice(0, -1)},"rows":[`));
  const { lines } = source;
  const contractsOf = contractsByOrd(source);
  const hoursOffByOrd = source.people.map((person) => source.hoursOff.get(person.user_id));
  const dayOffTerms = source.dayOffTerms ?? dayOffTermsOf();
  // The person of the lines in hand (they come person by person): their contracts, the one in force all period if
  // there is one (null without any: `inForceThroughout`), and their hours off.
  let ord = -1;
  let contracts: ContractTerms[] = [];
  let wholePeriod: ContractTerms | null | undefined;
  let hoursOffByDate: HoursOffByDate | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const day = line[1];
    const seconds = line[2];
    if (line[0] !== ord) {
      ord = line[0];
      contracts = contractsOf[ord]!;
      wholePeriod = inForceThroughout(contracts, head.start_date, head.end_date);
      hoursOffByDate = hoursOffByOrd[ord];
    }
    const person = people[ord]!;
    out.bytes(index > 0 ? person : person.subarray(1));
    let date = days.get(day);
    if (!date) {
      date = dayPiece(day);
      days.set(day, date);
    }
    out.bytes(date.piece);
    out.number(seconds);
    out.bytes(workedHours);
    out.hoursMinutes(seconds);
    const hoursOff = hoursOffByDate?.get(day);
    const contract =
      wholePeriod !== undefined && day >= head.start_date && day <= head.end_date
        ? wholePeriod
        : contractInForce(contracts, day);
    if (hoursOff) {
      // A day with a holiday or time off: its terms are the rule's (`timesheetDayTerms`), the same bytes for the same
      // contract's terms, weekday and hours off (`dayOffTermsOf`): made once.
      const dayOff = dayOffTerms(contract, day, hoursOff);
      dayOff.piece ??= termsPiece(dayOff.terms);
      out.bytes(dayOff.piece);
    } else if (contract) {
      let byWeekday = contractPieces.get(contract);
      if (!byWeekday) {
        byWeekday = piecesOfTerms(termsPieces, contract);
        contractPieces.set(contract, byWeekday);
      }
      let contractPiece = byWeekday[date.index];
      if (!contractPiece) {
        contractPiece = termsPiece({
          contract_type: contract.contract_type,
          contractual_hours: contractualHoursOn(contract, date.weekday),
          contractual_hours_by_day: contract.contractual_hours_by_day,
          time_off: 0,
        });
        byWeekday[date.index] = contractPiece;
      }
      out.bytes(contractPiece);
    } else {
      out.bytes(noContract);
    }
    const projectId = line[3];
    const customerId = line[5];
    let piece = noNames;
    if (projectId || customerId) {
      // Within one answer a project's id names its title and customer, and a customer's id its name.
      const key = `${projectId ?? ""}/${customerId ?? ""}`;
      piece = namePieces.get(key) ?? noNames;
      if (piece === noNames) {
        piece = namesPiece(line);
        namePieces.set(key, piece);
      }
    }
    out.bytes(piece);
  }
  out.bytes(utf8(`],${JSON.stringify(tail).slice(1)}`));
  return out.done();
}
