import {
  type CalendarDate,
  contractualSecondsBetween,
  defaultDailyCapacitySeconds,
  type EventType,
  type HoursOffByDate,
  type ProjectReportSortColumn,
  type RecurrenceFrequency,
  type RecurrenceRule,
  type SortDirection,
  timeZoneOfPreferences,
} from "@timetrap/domain";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Database, type NamedStatement, namedStatement, runNamed, runNamedArrays } from "../../db/database.js";
import { type DailyFiguresRow, type PackedDailyFigures, unpackDailyFigures } from "./daily-figures.js";
import { seriesOccurrences } from "./series-occurrences.js";
import {
  type ContractTerms,
  type PackedTimesheetLines,
  type TimesheetLine,
  unpackTimesheet,
} from "./timesheet-rows.js";

/**
 * The reports' aggregates, each one statement grouped in the database by day in each person's time zone (decision
 * 012). Rows leave as plain numbers and `YYYY-MM-DD` text: the two drivers parse int8, numeric and dates differently.
 */

export type ReportsRepository = ReturnType<typeof createReportsRepository>;

/** A person and the zone their days are counted in (checked by the service; events of anyone else count in UTC). */
export interface UserZone {
  user_id: string;
  tz: string;
}

/** Logged time of one person on one day (and one project, customer, category or billability), with its cost. */
export interface LoggedGroup {
  user_id: string;
  day: CalendarDate;
  /** The project, customer or category id, `"billable"` / `"not-billable"`, or null. */
  key: string | null;
  seconds: number;
  /** Seconds × the hourly cost of the contract in force that day. */
  euro_seconds: number;
  /** Seconds on a day without a contract. */
  without_contract: number;
}

export type LoggedDimension = "none" | "project" | "customer" | "category" | "billable";

/** What the statistics read of a project (`projectHeader`). */
export interface ProjectHeader {
  budget: number;
  end_date: CalendarDate | null;
  marginability_percentage: number;
  project_manager_id: string | null;
  member_ids: string[];
}

export interface MemberRow {
  user_id: string;
  nominative: string;
  image_url: string | null;
  status: string;
  preferences: unknown;
}

export interface TemplateRow {
  user_id: string;
  start_time: number;
  end_time: number;
  event_type: EventType;
  completed: boolean;
  project_id: string | null;
  rule: RecurrenceRule;
}

export interface EntryRow {
  id: string;
  user_id: string;
  nominative: string;
  image_url: string | null;
  title: string;
  task_id: string | null;
  task_name: string | null;
  category_id: string | null;
  category_name: string | null;
  category_color: string | null;
  start_time: number;
  end_time: number;
  elapsed_time: number;
}

/** A uuid list as the text of a `uuid[]` (the ids are checked uuids: route schemas or rows). */
const uuidArrayLiteral = (ids: readonly string[]) => `{${ids.join(",")}}`;

/** A uuid list as one array parameter. */
const uuidArray = (ids: readonly string[]) => sql`${uuidArrayLiteral(ids)}::uuid[]`;

/**
 * People and their zones, from a JSON array (a value, or a named statement's placeholder), as a table (`z`) the queries
 * join events to; `ranked` adds each one's place in the report's order (`ord`), `period` its instants (`lo`, `hi`).
 */
const zonesRecordset = (
  json: string | Placeholder,
  ranked = false,
  period?: { from: SQL; to: SQL; days?: boolean },
) => {
  const table = sql`jsonb_to_recordset(${json}::jsonb) as z(user_id uuid, tz text${ranked ? sql`, ord int` : sql``})`;
  if (!period) return sql`(select * from ${table})`;
  // With a period, each person's first and last instants of it (`lo` included, `hi` not), computed once a person:
  // `offset 0` keeps them from being copied into the join, where they would be computed again for every event. With
  // `days`, also the instants at which each of its days begins and the next after the last (`bounds`, in order):
  // `dayIndex` finds an event's day among them, for a fraction of what converting each event to the zone costs.
  const bounds = period.days
    ? sql`, (select array_agg((x::timestamp at time zone z.tz) order by x)
        from generate_series(${period.from}::timestamp, (${period.to} + 1)::timestamp, interval '1 day') x) as bounds`
    : sql``;
  return sql`(select z.*, (${period.from}::timestamp at time zone z.tz) as lo,
    ((${period.to} + 1)::timestamp at time zone z.tz) as hi${bounds} from ${table} offset 0)`;
};

/**
 * The day of its person's period an event of `e` starts on, as its distance from the first (0 the first day): the
 * same day as `(e.start_time at time zone z.tz)::date`, found by a binary search of `z.bounds` (`zonesRecordset` with
 * `days`), the event being within `z.lo` and `z.hi`.
 */
const dayIndex = sql`(width_bucket(e.start_time, z.bounds) - 1)`;

const zonesTable = (zones: readonly UserZone[]) => zonesRecordset(JSON.stringify(zones));

/** People, their zones and their period's instants (`z.lo`, `z.hi`, with `days` `z.bounds`): see `zonesRecordset`. */
const periodZonesTable = (
  zones: readonly UserZone[],
  from: CalendarDate,
  to: CalendarDate,
  ranked = false,
  days = false,
) => zonesRecordset(JSON.stringify(zones), ranked, { from: sql`${from}::date`, to: sql`${to}::date`, days });

/** An event of `e` starts within its person's period (`z` from `periodZonesTable`), bounded for the index too. */
const startsInPeriod = (from: CalendarDate, to: CalendarDate) =>
  sql`e.start_time >= z.lo and e.start_time < z.hi and ${widestRange(from, to)}`;

const keyOf: Record<LoggedDimension, SQL> = {
  none: sql`null::text`,
  project: sql`e.project_id::text`,
  customer: sql`p.customer_id::text`,
  category: sql`e.category_id::text`,
  billable: sql`case when e.project_id is not null and p.not_billable = false then 'billable' else 'not-billable' end`,
};

/**
 * The period's days in every zone lie between 14 hours before its first UTC midnight and 12 hours after its last (UTC+14
 * to UTC−12). Said as constants, the bounds let the planner scan each person's index over the period instead of
 * reading every event to convert its time zone first.
 */
function widestRange(from: CalendarDate, to: CalendarDate): SQL {
  const { lower, upper } = widestBounds(from, to);
  return sql`e.start_time >= ${lower} and e.start_time < ${upper}`;
}

/** An instant as epoch milliseconds, in floating point (see time-blocking.repository.ts). */
const epochMs = (column: SQL) => sql`round(date_part('epoch', ${column}) * 1000)::float8`;

/**
 * The cost columns of grouped (user_id, day, seconds) rows `g`: the contract in force on the day, if any (contracts of
 * one user never overlap, so at most one matches).
 */
const costColumns = (organizationId: string) => sql`
  coalesce(g.seconds * c.hourly_cost, 0)::float8 as euro_seconds,
  (case when c.id is null then g.seconds else 0 end)::float8 as without_contract
  from g left join user_contracts c on c.user_id = g.user_id and c.organization_id = ${organizationId}
    and c.from_date <= g.day and (c.to_date is null or c.to_date >= g.day)`;

/**
 * The rules of packages/domain that the aggregates apply per row, written once in SQL (reports-sql-rules.test.ts checks
 * each against its domain function on a table of cases). `day` is a `date` expression, `c` a joined contract
 * (`user_contracts`) whose columns are null when none is in force.
 */
export const sqlRules = {
  /** `weekdayOf`: the day's English weekday name, Monday first. */
  weekday: (day: SQL) =>
    sql`(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow from ${day})::int]`,
  /** `hoursMinutes`: `HH:MM` of whole seconds, seconds dropped, hours past 99 kept. */
  hoursMinutes: (seconds: SQL) => sql`(case when ${seconds} < 36000 then '0' else '' end)
    || (greatest(${seconds}, 0)::int8 / 3600)::text || ':'
    || lpad(((greatest(${seconds}, 0)::int8 / 60) % 60)::text, 2, '0')`,
  /** `contractualHoursOn` of the contract `c` on `day`: full-time hours Monday to Friday, part-time by weekday. */
  contractualHoursOn: (day: SQL) => sql`(case when c.contract_type = 'part-time'
      then coalesce((c.contractual_hours_by_day ->> ${sqlRules.weekday(day)})::float8, 0)
    when extract(isodow from ${day}) <= 5 then c.contractual_hours::float8 else 0::float8 end)`,
  /** `weeklyContractualHours(c) > 0`. */
  hasWeeklyHours: sql`(case when c.contract_type = 'part-time'
      then coalesce((select sum(v::float8) from jsonb_each_text(c.contractual_hours_by_day) as h(k, v)), 0) > 0
    else c.contractual_hours > 0 end)`,
  /**
   * `dailyCapacitySeconds`: the contract in force gives its hours of the weekday, unless it has no hours at all; no
   * contract (or none of its hours) gives 8 h Monday to Friday.
   */
  dailyCapacitySeconds: (day: SQL) => sql`(case when c.id is not null and ${sqlRules.hasWeeklyHours}
      then ${sqlRules.contractualHoursOn(day)} * 3600
    when extract(isodow from ${day}) <= 5 then ${defaultDailyCapacitySeconds}::float8 else 0::float8 end)`,
  /** The contract of `userColumn` in force on `day` (contracts of one user never overlap: at most one). */
  contractOn: (organizationId: string | Placeholder, userColumn: SQL, day: SQL) => sql`left join user_contracts c
    on c.user_id = ${userColumn} and c.organization_id = ${organizationId}
    and c.from_date <= ${day} and (c.to_date is null or c.to_date >= ${day})`,
  /**
   * `dayCapacity` (decision 026) of a day whose base capacity is `base` (float8 seconds): `holiday` is 'full', 'half'
   * or null, `convention` the group's ('worked' or else reduce), `whole` and `half` the approved time off of a whole
   * or a half day that covers it, `seconds` the approved hours' seconds. Any of them may be null (nothing of that).
   */
  dayCapacity: ({
    base,
    holiday,
    convention,
    whole,
    half,
    seconds,
  }: {
    base: SQL;
    holiday: SQL;
    convention: SQL;
    whole: SQL;
    half: SQL;
    seconds: SQL;
  }) => {
    const day = sql`greatest(${base}, 0)`;
    const holidayPart = sql`(case ${holiday} when 'full' then ${day} when 'half' then ${day} / 2 else 0 end)`;
    // The time off takes what it asks for, from what the holiday left.
    const taken = sql`least(coalesce(${whole}, 0) * ${day} + coalesce(${half}, 0) * ${day} / 2
      + greatest(coalesce(${seconds}, 0), 0), ${day} - ${holidayPart})`;
    const worked = sql`coalesce(${convention} = 'worked', false)`;
    return {
      capacity: sql`(${day} - ${taken} - case when ${worked} then 0 else ${holidayPart} end)`,
      timeOff: sql`(${holidayPart} + ${taken})`,
      credited: sql`(case when ${worked} then ${holidayPart} else 0 end)`,
    };
  },
  /**
   * What takes hours off the days of the people of `people` (a query answering `user_id`) from `from` to `to`, as
   * three common table expressions: `hg`, each person's holiday group and its convention (their own group, else the
   * organization's default; none without groups); `hol`, their group's holidays by day (`part` 'full' or 'half': a
   * public and an own day on one date, the larger); `tof`, their approved time off by day (`whole` and `half` days,
   * `seconds` of hours). Holidays and time off are calendar dates: no time zone moves them.
   */
  hoursOffTables: (organizationId: string | Placeholder, people: SQL, from: SQL, to: SQL) => sql`
    hg as (
      select m.user_id, g.id as group_id, g.convention
      from organization_members m
      join holiday_groups g on g.organization_id = m.organization_id
        and (g.id = m.holiday_group_id or (m.holiday_group_id is null and g.is_default))
      where m.organization_id = ${organizationId} and m.user_id in (${people})
    ),
    hol as materialized (
      select hg.user_id, hd.date as day, hg.convention,
        case when bool_and(hd.half_day) then 'half' else 'full' end as part
      from hg join holiday_days hd on hd.group_id = hg.group_id and hd.date between ${from} and ${to}
      group by 1, 2, 3
    ),
    tof as materialized (
      select t.user_id, d::date as day,
        count(*) filter (where t.half_day is null and t.hours is null)::int as whole,
        count(*) filter (where t.half_day is not null)::int as half,
        coalesce(sum(t.hours * 3600), 0)::float8 as seconds
      from time_off t
      cross join generate_series(greatest(t.start_date, ${from})::timestamp, least(t.end_date, ${to})::timestamp,
        interval '1 day') d
      where t.organization_id = ${organizationId} and t.user_id in (${people}) and t.status = 'approved'
        and t.start_date <= ${to} and t.end_date >= ${from}
      group by 1, 2
    )`,
};

/** A person of a report, their zone and their place in its order. */
export interface RankedZone extends UserZone {
  ord: number;
}

export type TimesheetDimension = "none" | "project" | "customer";

/** `widestRange`'s bounds, as a named statement takes them. */
function widestBounds(from: CalendarDate, to: CalendarDate): { lower: Date; upper: Date } {
  const utcMidnight = (date: CalendarDate) => Date.parse(`${date}T00:00:00Z`);
  return { lower: new Date(utcMidnight(from) - 14 * 3_600_000), upper: new Date(utcMidnight(to) + 36 * 3_600_000) };
}

const dialect = new PgDialect();
const timesheetStatements = new Map<string, NamedStatement>();

/**
 * The timesheet's statement for one shape of request (`dimension`, and whether projects or customers filter it), built
 * once and run under its name: each connection parses it once rather than on every request.
 */
function timesheetStatement(dimension: TimesheetDimension, byProject: boolean, byCustomer: boolean): NamedStatement {
  const name = `reports_timesheet_${dimension}_${byProject ? "p" : ""}${byCustomer ? "c" : ""}`;
  const known = timesheetStatements.get(name);
  if (known) return known;
  const organizationId = sql.placeholder("organizationId");
  const from = sql`${sql.placeholder("from")}::date`;
  const to = sql`${sql.placeholder("to")}::date`;
  const needsProject = dimension === "customer" || byCustomer;
  const key =
    dimension === "project" ? sql`e.project_id` : dimension === "customer" ? sql`p.customer_id` : sql`null::uuid`;
  const names =
    dimension === "project"
      ? sql`, rp.id as project_id, rp.title as project_title, rp.customer_id, rc.nominative as customer_nominative`
      : dimension === "customer"
        ? sql`, null::uuid as project_id, null::text as project_title, rc.id as customer_id,
            rc.nominative as customer_nominative`
        : sql``;
  const namesJoin =
    dimension === "project"
      ? sql`left join projects rp on rp.id = g.key and rp.organization_id = ${organizationId}
          left join customers rc on rc.id = rp.customer_id`
      : dimension === "customer"
        ? sql`left join customers rc on rc.id = g.key and rc.organization_id = ${organizationId}`
        : sql``;
  // The rows of hours off name no project or customer.
  const noNames = dimension === "none" ? sql`` : sql`, null::uuid, null::text, null::uuid, null::text`;
  // One row per person (and project or customer), its days packed in one text: `offset seconds` pairs, the offset a
  // day's distance from `from`. PGlite's driver copies every field it reads into a buffer of its own, which for a
  // year's 25,000 lines took a third of the store's time; packed, the year is a few hundred fields. Then, in the same
  // answer (on PGlite statements run one after the other), a row per person with hours off in the period, packed
  // too (`unpackTimesheet`): their group's holidays once per group, their approved time off as spans of days, which
  // the server spreads over the days instead of the database. Rows come by person and days by date: the server's sort
  // of the lines then finds them in order.
  const query = sql`
    with z as ${zonesRecordset(sql.placeholder("zones"), true, { from, to, days: true })}, d as (
      select z.ord, ${dayIndex} as day, ${key} as key,
        sum(e.elapsed_time)::int8 as seconds
      from z
      join time_blocking_events e on e.user_id = z.user_id
        and e.start_time >= z.lo and e.start_time < z.hi
        and e.start_time >= ${sql.placeholder("lower")}::timestamptz
        and e.start_time < ${sql.placeholder("upper")}::timestamptz
      ${needsProject ? sql`left join projects p on p.id = e.project_id and p.organization_id = ${organizationId}` : sql``}
      where e.organization_id = ${organizationId} and e.event_type = 'activity' and e.completed
        ${byProject ? sql`and e.project_id = any(${sql.placeholder("projectIds")}::uuid[])` : sql``}
        ${byCustomer ? sql`and p.customer_id = any(${sql.placeholder("customerIds")}::uuid[])` : sql``}
      group by 1, 2, 3
    ), g as (
      select d.ord, d.key, string_agg(d.day || ' ' || d.seconds, ' ' order by d.day) as days
      from d
      group by 1, 2
    ), hg as (
      select z.ord, hgr.id as group_id, hgr.convention
      from z
      join organization_members m on m.user_id = z.user_id and m.organization_id = ${organizationId}
      join holiday_groups hgr on hgr.organization_id = m.organization_id
        and (hgr.id = m.holiday_group_id or (m.holiday_group_id is null and hgr.is_default))
    ), hol as (
      select h.group_id, string_agg((h.date - ${from}) || ' ' || h.part, ' ' order by h.date) as days
      from (
        select hd.group_id, hd.date, case when bool_and(hd.half_day) then 1 else 2 end as part
        from holiday_days hd
        where hd.group_id in (select group_id from hg) and hd.date between ${from} and ${to}
        group by 1, 2
      ) h
      group by 1
    ), tof as (
      select z.ord, string_agg(concat_ws(' ', greatest(t.start_date, ${from}) - ${from},
          least(t.end_date, ${to}) - ${from}, case when t.half_day is null and t.hours is null then 1 else 0 end,
          case when t.half_day is not null then 1 else 0 end, coalesce(t.hours * 3600, 0)::float8), ' ') as spans
      from z join time_off t on t.user_id = z.user_id
      where t.organization_id = ${organizationId} and t.status = 'approved'
        and t.start_date <= ${to} and t.end_date >= ${from}
      group by 1
    )
    select g.ord, g.days, null::text as off ${names}
    from g
    ${namesJoin}
    union all
    select coalesce(hg.ord, tof.ord), null,
      concat(coalesce(hg.convention, 'reduce'), '|', hol.days, '|', tof.spans) ${noNames}
    from hg left join hol on hol.group_id = hg.group_id
    full join tof on tof.ord = hg.ord
    where hol.days is not null or tof.spans is not null
    order by 1`;
  const statement = namedStatement(name, { toSQL: () => dialect.sqlToQuery(query) });
  timesheetStatements.set(name, statement);
  return statement;
}

/**
 * The project statistics' two heavy statements, built once and run under their names: the series' expansion makes the
 * blocks' statement long, and building, sending, parsing and planning its text on every request cost the server and
 * the database more than running it.
 */
const projectLoggedDaysStatement = namedStatement("reports_project_logged_days", {
  toSQL: () =>
    dialect.sqlToQuery(sql`
      with g as (
        select e.user_id, (e.start_time at time zone coalesce(z.tz, 'UTC'))::date as day,
          sum(e.elapsed_time)::int8 as seconds
        from time_blocking_events e
        left join ${zonesRecordset(sql.placeholder("zones"))} z on z.user_id = e.user_id
        where e.organization_id = ${sql.placeholder("organizationId")} and e.project_id = ${sql.placeholder("projectId")}
          and e.event_type = 'activity' and e.completed
        group by 1, 2
      )
      select to_char(g.day, 'YYYY-MM-DD') as day, sum(g.seconds)::float8 as seconds,
        coalesce(sum(g.seconds * c.hourly_cost), 0)::float8 as euro_seconds,
        sum(case when c.id is null then g.seconds else 0 end)::float8 as without_contract
      from g ${sqlRules.contractOn(sql.placeholder("organizationId"), sql`g.user_id`, sql`g.day`)}
      group by g.day
      order by g.day`),
});

const projectBlockDaysStatement = namedStatement("reports_project_block_days", {
  toSQL: () => {
    const organizationId = sql.placeholder("organizationId");
    const projectId = sql.placeholder("projectId");
    const horizon = sql`${sql.placeholder("horizon")}::date`;
    const templates = sql`select e.user_id, coalesce(z.tz, 'UTC') as tz, e.start_time, e.end_time, e.event_type,
        z.user_id is not null as member, r.every, r.frequency, r.day_of_weeks, r.until, r.repeat, r.skip, r.end_date
      from time_blocking_events e join recurrences r on r.id = e.recurrence_id
      left join z on z.user_id = e.user_id
      where e.organization_id = ${organizationId} and e.project_id = ${projectId} and e.recurrence_id is not null
        and (e.event_type = 'planning' or not e.completed)
        and e.start_time < ${sql.placeholder("templatesBefore")}::timestamptz`;
    return dialect.sqlToQuery(sql`
      with z as ${zonesRecordset(sql.placeholder("zones"))},
      blocks as materialized (
        select e.user_id, z.user_id is not null as member, (e.start_time at time zone coalesce(z.tz, 'UTC'))::date as day,
          e.event_type, round(date_part('epoch', e.end_time - e.start_time))::int8 as seconds
        from time_blocking_events e left join z on z.user_id = e.user_id
        where e.organization_id = ${organizationId} and e.project_id = ${projectId} and e.recurrence_id is null
          and (e.event_type = 'planning' or not e.completed)
        union all
        select o.user_id, o.member, o.day, o.event_type, o.seconds from (
          select x.user_id, x.member, x.occ_day as day, x.event_type,
            round(date_part('epoch', x.occ_end - x.occ_start))::int8 as seconds
          from (${seriesOccurrences({
            source: templates,
            rangeFrom: sql`s.start_time`,
            rangeTo: sql`((${horizon} + 1)::timestamp at time zone s.tz)`,
          })}) x
        ) o
        where o.day <= ${horizon}
      ),
      g as (
        select b.user_id, b.member, b.day, b.event_type, sum(b.seconds)::int8 as seconds
        from blocks b group by 1, 2, 3, 4
      )
      select to_char(g.day, 'YYYY-MM-DD') as day,
        case when g.event_type = 'planning' then 'planning' else 'unconfirmed' end as kind,
        sum(g.seconds)::float8 as seconds, coalesce(sum(g.seconds * c.hourly_cost), 0)::float8 as euro_seconds
      from g left join user_contracts c on g.member and c.user_id = g.user_id
        and c.organization_id = ${organizationId} and c.from_date <= g.day and (c.to_date is null or c.to_date >= g.day)
      group by g.day, 2
      order by g.day, 2`);
  },
});

/** A statement of the reports built once and run under its name (`runNamed`): parsed once a connection. */
const reportStatement = (name: string, query: SQL) =>
  namedStatement(`reports_${name}`, { toSQL: () => dialect.sqlToQuery(query) });

const membersColumns = sql`u.id as user_id, u.nominative, u.image_url, u.status, u.preferences
  from organization_members m join users u on u.id = m.user_id`;
const membersOrder = sql`order by lower(u.nominative), u.nominative, u.id`;

/** Everyone in an organization (`members`). */
const membersStatement = reportStatement(
  "members",
  sql`select ${membersColumns} where m.organization_id = ${sql.placeholder("organizationId")} ${membersOrder}`,
);

/** A project's final-balance expenses by day (`finalBalanceByDay`). */
const finalBalanceStatement = reportStatement(
  "final_balance_by_day",
  sql`select to_char(transaction_date, 'YYYY-MM-DD') as day, sum(round(amount * 100))::float8 as cents
    from expenses where organization_id = ${sql.placeholder("organizationId")}
      and project_id = ${sql.placeholder("projectId")} and is_final_balance
    group by 1`,
);

/** An organization's overheads (`overheads`). */
const overheadsStatement = reportStatement(
  "overheads",
  sql`select amount::float8 as amount, to_char(from_date, 'YYYY-MM-DD') as from_date,
      to_char(to_date, 'YYYY-MM-DD') as to_date
    from overheads where organization_id = ${sql.placeholder("organizationId")}`,
);

/**
 * What the statistics read of a project (`projectHeader`): its budget, end date and target margin, and who is on it
 * (its manager and members, for `isOnProjectOf`).
 */
const projectHeaderStatement = reportStatement(
  "project_header",
  sql`select p.budget::float8 as budget, to_char(p.end_date, 'YYYY-MM-DD') as end_date,
      p.marginability_percentage::float8 as marginability_percentage, p.project_manager_id,
      array(select distinct pm.user_id::text from project_members pm where pm.project_id = p.id) as member_ids
    from projects p
    where p.organization_id = ${sql.placeholder("organizationId")} and p.id = ${sql.placeholder("projectId")}`,
);

/** Everyone in the organization a user belongs to (`membersOfUserOrganization`): every report reads them first. */
const membersOfUserOrganizationStatement = reportStatement(
  "members_of_user_organization",
  sql`select ${membersColumns}
    where m.organization_id = (select organization_id from organization_members where user_id = ${sql.placeholder("userId")})
    ${membersOrder}`,
);

/** The contracts of some people in force on some day of a period, with their terms (`contractsInPeriod`). */
const contractsInPeriodStatement = reportStatement(
  "contracts_in_period",
  sql`select c.user_id, c.contract_type, c.contractual_hours::float8 as contractual_hours,
      c.contractual_hours_by_day, to_char(c.from_date, 'YYYY-MM-DD') as from_date,
      to_char(c.to_date, 'YYYY-MM-DD') as to_date
    from user_contracts c
    where c.organization_id = ${sql.placeholder("organizationId")}
      and c.user_id = any(${sql.placeholder("userIds")}::uuid[])
      and c.from_date <= ${sql.placeholder("to")}::date
      and (c.to_date is null or c.to_date >= ${sql.placeholder("from")}::date)`,
);

/**
 * The daily figures' statement (`dailyFigures`), built once and run under its name: its text is long (the series'
 * expansion, the hours off, the contracts), and parsing and planning it on every request cost PostgreSQL a third of
 * running it.
 */
const dailyFiguresStatement = (() => {
  const organizationId = sql.placeholder("organizationId");
  const from = sql.placeholder("from");
  const to = sql.placeholder("to");
  const inPeriod = sql`e.start_time >= z.lo and e.start_time < z.hi
    and e.start_time >= ${sql.placeholder("lower")}::timestamptz and e.start_time < ${sql.placeholder("upper")}::timestamptz`;
  const offDay = sqlRules.dayCapacity({
    base: sql`b.base`,
    holiday: sql`f.part`,
    convention: sql`f.convention`,
    whole: sql`f.whole`,
    half: sql`f.half`,
    seconds: sql`f.seconds`,
  });
  // A series' occurrences are looked for a day beyond each end of the period, then counted on their own day.
  const templates = sql`select e.user_id, z.tz, e.start_time, e.end_time, r.every, r.frequency, r.day_of_weeks,
      r.until, r.repeat, r.skip, r.end_date
    from z join time_blocking_events e on e.user_id = z.user_id
    join recurrences r on r.id = e.recurrence_id
    where e.organization_id = ${organizationId} and e.event_type = 'planning' and e.recurrence_id is not null
      and e.start_time < ((${to}::date + 2)::timestamp at time zone z.tz)`;
  // A row per person, the days packed in one text, in order, nine numbers a day (`unpackDailyFigures`): PGlite's
  // driver copies every field it reads into a buffer of its own, which for a week's team report of 100 people (700
  // rows of 12 fields) was a fifth of the store's time.
  const query = sql`
    with z as ${zonesRecordset(sql.placeholder("zones"), true, { from: sql`${from}::date`, to: sql`${to}::date`, days: true })},
    logged as materialized (
      select e.user_id, ${from}::date + ${dayIndex} as day, sum(e.elapsed_time)::int8 as seconds,
        sum(case when e.project_id is not null and p.not_billable = false then e.elapsed_time else 0 end)::int8
          as billable
      from z join time_blocking_events e on e.user_id = z.user_id and ${inPeriod}
      left join projects p on p.id = e.project_id and p.organization_id = ${organizationId}
      where e.organization_id = ${organizationId} and e.event_type = 'activity' and e.completed
      group by 1, 2
    ),
    planned as materialized (
      select user_id, day, sum(seconds)::int8 as seconds from (
        select e.user_id, ${from}::date + ${dayIndex} as day,
          round(date_part('epoch', e.end_time - e.start_time))::int8 as seconds
        from z join time_blocking_events e on e.user_id = z.user_id and ${inPeriod}
        where e.organization_id = ${organizationId} and e.recurrence_id is null and e.event_type = 'planning'
        union all
        select o.user_id, o.occ_day,
          round(date_part('epoch', o.occ_end - o.occ_start))::int8
        from (${seriesOccurrences({
          source: templates,
          rangeFrom: sql`((${from}::date - 1)::timestamp at time zone s.tz)`,
          rangeTo: sql`((${to}::date + 2)::timestamp at time zone s.tz)`,
        })}) o
      ) blocks
      where day between ${from}::date and ${to}::date
      group by 1, 2
    ),
    ${sqlRules.hoursOffTables(organizationId, sql`select user_id from z`, sql`${from}::date`, sql`${to}::date`)},
    -- The days with a holiday or time off, once each: one join for both.
    off as (
      select coalesce(h.user_id, o.user_id) as user_id, coalesce(h.day, o.day) as day, h.part, h.convention,
        o.whole, o.half, o.seconds
      from hol h full join tof o on o.user_id = h.user_id and o.day = h.day
    ),
    days as (
      select z.user_id, z.ord, d::date as day
      from z cross join generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') d
    )
    select d.user_id, string_agg(concat_ws(' ',
        coalesce(l.seconds, 0), coalesce(l.billable, 0), coalesce(l.seconds * c.hourly_cost, 0)::float8,
        case when c.id is null then coalesce(l.seconds, 0) else 0 end, coalesce(pl.seconds, 0),
        coalesce(pl.seconds * c.hourly_cost, 0)::float8,
        -- Most days have no holiday or time off: their base capacity is taken as it is.
        case when f.day is null then b.base else ${offDay.capacity} end,
        case when f.day is null then 0 else ${offDay.timeOff} end,
        case when f.day is null then 0 else ${offDay.credited} end
      ), ' ' order by d.day) as days,
      (array_agg(c.contract_type) filter (where d.day = ${from}::date))[1] as contract_type,
      (array_agg(c.contractual_hours) filter (where d.day = ${from}::date))[1] as contractual_hours,
      (array_agg(c.contractual_hours_by_day) filter (where d.day = ${from}::date))[1] as contractual_hours_by_day
    from days d
    left join logged l on l.user_id = d.user_id and l.day = d.day
    left join planned pl on pl.user_id = d.user_id and pl.day = d.day
    left join off f on f.user_id = d.user_id and f.day = d.day
    ${sqlRules.contractOn(organizationId, sql`d.user_id`, sql`d.day`)}
    -- The day's base capacity, computed once: offset 0 keeps it from being copied into each use.
    cross join lateral (select ${sqlRules.dailyCapacitySeconds(sql`d.day`)} as base offset 0) b
    group by d.ord, d.user_id
    order by d.ord`;
  return namedStatement("reports_daily_figures", { toSQL: () => dialect.sqlToQuery(query) });
})();

export function createReportsRepository(db: Database) {
  // Both drivers answer `execute` with `{ rows }`; the common database type does not say so.
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const repository = {
    /** Everyone in the organization (any status) with what their answers and zones need. */
    members(organizationId: string): Promise<MemberRow[]> {
      return runNamed<MemberRow>(db, membersStatement, { organizationId });
    },

    /** Everyone in the organization `userId` belongs to, as `members` answers them. */
    membersOfUserOrganization(userId: string): Promise<MemberRow[]> {
      return runNamed<MemberRow>(db, membersOfUserOrganizationStatement, { userId });
    },

    /**
     * Logged time (elapsed seconds of completed activities, stored events only) of each of `zones`' people from `from`
     * to `to` (days in their zone, both included), on the day each event starts, grouped by `dimension`, with its cost.
     */
    loggedGroups({
      organizationId,
      zones,
      from,
      to,
      dimension,
      projectIds = [],
      customerIds = [],
    }: {
      organizationId: string;
      zones: readonly UserZone[];
      from: CalendarDate;
      to: CalendarDate;
      dimension: LoggedDimension;
      projectIds?: readonly string[];
      customerIds?: readonly string[];
    }): Promise<LoggedGroup[]> {
      if (zones.length === 0) return Promise.resolve([]);
      const needsProject = dimension === "customer" || dimension === "billable" || customerIds.length > 0;
      return rows<LoggedGroup>(sql`
        with g as (
          select e.user_id, (e.start_time at time zone z.tz)::date as day, ${keyOf[dimension]} as key,
            sum(e.elapsed_time)::int8 as seconds
          from ${periodZonesTable(zones, from, to)} z
          join time_blocking_events e on e.user_id = z.user_id and ${startsInPeriod(from, to)}
          ${needsProject ? sql`left join projects p on p.id = e.project_id and p.organization_id = ${organizationId}` : sql``}
          where e.organization_id = ${organizationId} and e.event_type = 'activity' and e.completed
            ${projectIds.length > 0 ? sql`and e.project_id = any(${uuidArray(projectIds)})` : sql``}
            ${customerIds.length > 0 ? sql`and p.customer_id = any(${uuidArray(customerIds)})` : sql``}
          group by 1, 2, 3
        )
        select g.user_id, to_char(g.day, 'YYYY-MM-DD') as day, g.key, g.seconds::float8 as seconds,
          ${costColumns(organizationId)}`);
    },

    /**
     * Length of stored blocks that are not logged time: planning blocks, and activities not completed (`kind`), per
     * person and day, series templates left out (their occurrences are expanded from the rule).
     */
    blockSecondsByDay({
      organizationId,
      zones,
      from,
      to,
      kind,
      projectId,
    }: {
      organizationId: string;
      zones: readonly UserZone[];
      from: CalendarDate;
      to: CalendarDate;
      kind: "planning" | "unconfirmed";
      projectId?: string;
    }): Promise<Array<{ user_id: string; day: CalendarDate; seconds: number }>> {
      if (zones.length === 0) return Promise.resolve([]);
      return rows(sql`
        select e.user_id, to_char((e.start_time at time zone z.tz)::date, 'YYYY-MM-DD') as day,
          sum(round(date_part('epoch', e.end_time - e.start_time)))::float8 as seconds
        from ${periodZonesTable(zones, from, to)} z
        join time_blocking_events e on e.user_id = z.user_id and ${startsInPeriod(from, to)}
        where e.organization_id = ${organizationId} and e.recurrence_id is null
          and ${kind === "planning" ? sql`e.event_type = 'planning'` : sql`e.event_type = 'activity' and not e.completed`}
          ${projectId ? sql`and e.project_id = ${projectId}` : sql``}
        group by 1, 2`);
    },

    /** Logged seconds by category and person over the period (the team report's task categories). */
    categoriesByUser({
      organizationId,
      zones,
      from,
      to,
    }: {
      organizationId: string;
      zones: readonly UserZone[];
      from: CalendarDate;
      to: CalendarDate;
    }): Promise<
      Array<{
        user_id: string;
        category_id: string | null;
        category_name: string | null;
        color: string | null;
        seconds: number;
      }>
    > {
      if (zones.length === 0) return Promise.resolve([]);
      return rows(sql`
        select e.user_id, tc.id as category_id, tc.name as category_name, tc.color, sum(e.elapsed_time)::float8 as seconds
        from ${periodZonesTable(zones, from, to)} z
        join time_blocking_events e on e.user_id = z.user_id and ${startsInPeriod(from, to)}
        left join task_categories tc on tc.id = e.category_id and tc.organization_id = ${organizationId}
        where e.organization_id = ${organizationId} and e.event_type = 'activity' and e.completed
        group by 1, 2, 3, 4
        order by 5 desc, 3`);
    },

    /**
     * The series templates (with their rules) of these people that may have an occurrence before `before`, optionally
     * of one project or one type: few rows, expanded by the service.
     */
    async seriesTemplates({
      organizationId,
      userIds,
      before,
      projectId,
    }: {
      organizationId: string;
      userIds: readonly string[];
      before: Date;
      projectId?: string;
    }): Promise<TemplateRow[]> {
      if (userIds.length === 0 && !projectId) return [];
      const found = await rows<Omit<TemplateRow, "rule"> & { rule: TemplateRow["rule"] & { frequency: string } }>(sql`
        select e.user_id, ${epochMs(sql`e.start_time`)} as start_time, ${epochMs(sql`e.end_time`)} as end_time,
          e.event_type, e.completed, e.project_id,
          json_build_object('every', r.every, 'frequency', r.frequency, 'day_of_weeks', r.day_of_weeks,
            'until', r.until, 'repeat', r.repeat, 'skip', r.skip,
            'end_date', round(date_part('epoch', r.end_date) * 1000)::int8) as rule
        from time_blocking_events e join recurrences r on r.id = e.recurrence_id
        where e.organization_id = ${organizationId} and e.start_time < ${before}
          ${projectId ? sql`and e.project_id = ${projectId}` : sql`and e.user_id = any(${uuidArray(userIds)})`}`);
      return found.map((row) => ({
        ...row,
        start_time: Number(row.start_time),
        end_time: Number(row.end_time),
        // The table's check constraint admits only the domain's frequencies.
        rule: { ...row.rule, frequency: row.rule.frequency as RecurrenceFrequency },
      }));
    },

    /**
     * Logged time of projects (all time), per project, person and day with its cost: the one aggregate behind every
     * project's `total_work_log`, `total_work_log_cost` and the statistics.
     */
    projectLoggedByDay({
      organizationId,
      zones,
      projectIds,
    }: {
      organizationId: string;
      zones: readonly UserZone[];
      projectIds: readonly string[];
    }): Promise<Array<LoggedGroup & { project_id: string }>> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return rows(sql`
        with g as (
          select e.project_id, e.user_id, (e.start_time at time zone coalesce(z.tz, 'UTC'))::date as day,
            sum(e.elapsed_time)::int8 as seconds
          from time_blocking_events e left join ${zonesTable(zones)} z on z.user_id = e.user_id
          where e.organization_id = ${organizationId} and e.project_id = any(${uuidArray(projectIds)})
            and e.event_type = 'activity' and e.completed
          group by 1, 2, 3
        )
        select g.project_id, g.user_id, to_char(g.day, 'YYYY-MM-DD') as day, null as key, g.seconds::float8 as seconds,
          ${costColumns(organizationId)}`);
    },

    /** Logged seconds of tasks (all time, completed activities linked to them). */
    async taskSeconds(organizationId: string, taskIds: readonly string[]): Promise<Map<string, number>> {
      if (taskIds.length === 0) return new Map();
      const found = await rows<{ task_id: string; seconds: number }>(sql`
        select e.task_linked_id as task_id, sum(e.elapsed_time)::float8 as seconds
        from time_blocking_events e
        where e.organization_id = ${organizationId} and e.task_linked_id = any(${uuidArray(taskIds)})
          and e.event_type = 'activity' and e.completed
        group by 1`);
      return new Map(found.map((row) => [row.task_id, Number(row.seconds)]));
    },

    /** Blocks of a project not yet logged (planning, and activities not completed), all time, per person and day. */
    projectBlocksByDay({
      organizationId,
      zones,
      projectId,
    }: {
      organizationId: string;
      zones: readonly UserZone[];
      projectId: string;
    }): Promise<Array<{ user_id: string; day: CalendarDate; kind: "planning" | "unconfirmed"; seconds: number }>> {
      return rows(sql`
        select e.user_id, to_char((e.start_time at time zone coalesce(z.tz, 'UTC'))::date, 'YYYY-MM-DD') as day,
          case when e.event_type = 'planning' then 'planning' else 'unconfirmed' end as kind,
          sum(round(date_part('epoch', e.end_time - e.start_time)))::float8 as seconds
        from time_blocking_events e left join ${zonesTable(zones)} z on z.user_id = e.user_id
        where e.organization_id = ${organizationId} and e.project_id = ${projectId} and e.recurrence_id is null
          and (e.event_type = 'planning' or not e.completed)
        group by 1, 2, 3`);
    },

    /** Final-balance expenses of a project by transaction day (null: undated), in euros. */
    async finalBalanceByDay(organizationId: string, projectId: string): Promise<Map<CalendarDate | null, number>> {
      const found = await runNamed<{ day: string | null; cents: number }>(db, finalBalanceStatement, {
        organizationId,
        projectId,
      });
      return new Map(found.map((row) => [row.day, Number(row.cents) / 100]));
    },

    async overheads(organizationId: string) {
      return runNamed<{ amount: number; from_date: string; to_date: string | null }>(db, overheadsStatement, {
        organizationId,
      });
    },

    /** What the statistics read of a project; undefined outside the organization. */
    async projectHeader(organizationId: string, projectId: string): Promise<ProjectHeader | undefined> {
      const [found] = await runNamed<ProjectHeader>(db, projectHeaderStatement, { organizationId, projectId });
      return found;
    },

    /**
     * A page of the project's time entries (completed activities) in `order` (ties by id, in the same direction), and
     * the count and sum of them all.
     */
    async projectEntries({
      organizationId,
      projectId,
      order,
      limit,
      offset,
    }: {
      organizationId: string;
      projectId: string;
      order: { column: ProjectReportSortColumn; direction: SortDirection };
      limit: number | null;
      offset: number;
    }): Promise<{ entries: EntryRow[]; total: number; totalElapsed: number }> {
      const direction = order.direction === "asc" ? sql`asc` : sql`desc`;
      // Text without case first, then as written, so that "anna" and "Anna" keep one place; no task or category last.
      const byText = (column: SQL) => sql`lower(${column}) ${direction} nulls last, ${column} ${direction} nulls last`;
      const orderBy: Record<ProjectReportSortColumn, SQL> = {
        user: byText(sql`u.nominative`),
        title: byText(sql`e.title`),
        task: byText(sql`t.name`),
        category: byText(sql`tc.name`),
        start: sql`e.start_time ${direction}`,
        end: sql`e.end_time ${direction}`,
        elapsed: sql`e.elapsed_time ${direction}`,
      };
      const [summary] = await rows<{ total: number; elapsed: number }>(sql`
        select count(*)::float8 as total, coalesce(sum(elapsed_time), 0)::float8 as elapsed
        from time_blocking_events
        where organization_id = ${organizationId} and project_id = ${projectId}
          and event_type = 'activity' and completed`);
      const entries = await rows<EntryRow>(sql`
        select e.id, e.user_id, u.nominative, u.image_url, e.title, t.id as task_id, t.name as task_name,
          tc.id as category_id, tc.name as category_name, tc.color as category_color,
          ${epochMs(sql`e.start_time`)} as start_time, ${epochMs(sql`e.end_time`)} as end_time,
          e.elapsed_time::float8 as elapsed_time
        from time_blocking_events e
        join users u on u.id = e.user_id
        left join tasks t on t.id = e.task_linked_id and t.organization_id = ${organizationId}
        left join task_categories tc on tc.id = e.category_id and tc.organization_id = ${organizationId}
        where e.organization_id = ${organizationId} and e.project_id = ${projectId}
          and e.event_type = 'activity' and e.completed
        order by ${orderBy[order.column]}, e.id ${direction}
        ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}`);
      return {
        entries: entries.map((row) => ({
          ...row,
          start_time: Number(row.start_time),
          end_time: Number(row.end_time),
          elapsed_time: Number(row.elapsed_time),
        })),
        total: Number(summary?.total ?? 0),
        totalElapsed: Number(summary?.elapsed ?? 0),
      };
    },

    /**
     * The timesheet's lines, whole: logged time of each of `zones`' people from `from` to `to` (days in their zone),
     * per day and, by `dimension`, per project or customer, with the project's or customer's names, in no order (the
     * service orders them); and, from the same statement, what takes hours off these people's days: their group's
     * holidays and their approved time off, by person and day (people without any are left out). One named statement
     * per shape (`timesheetStatement`), its rows read as arrays.
     */
    async timesheetLines({
      organizationId,
      zones,
      from,
      to,
      dimension,
      projectIds = [],
      customerIds = [],
    }: {
      organizationId: string;
      zones: readonly RankedZone[];
      from: CalendarDate;
      to: CalendarDate;
      dimension: TimesheetDimension;
      projectIds?: readonly string[];
      customerIds?: readonly string[];
    }): Promise<{ lines: TimesheetLine[]; hoursOff: Map<string, HoursOffByDate> }> {
      if (zones.length === 0) return { lines: [], hoursOff: new Map() };
      const statement = timesheetStatement(dimension, projectIds.length > 0, customerIds.length > 0);
      const packed = await runNamedArrays<[...PackedTimesheetLines]>(db, statement, {
        organizationId,
        zones: JSON.stringify(zones),
        from,
        to,
        ...widestBounds(from, to),
        projectIds: uuidArrayLiteral(projectIds),
        customerIds: uuidArrayLiteral(customerIds),
      });
      const { lines, hoursOff } = unpackTimesheet(packed, from);
      const userOf = new Map(zones.map((zone) => [zone.ord, zone.user_id]));
      return { lines, hoursOff: new Map([...hoursOff].map(([ord, byDate]) => [userOf.get(ord)!, byDate])) };
    },

    /**
     * The contracts of these people in force on some day of the period: their periods and terms, and the contractual
     * seconds each gives over the days of the period it covers (`contractualSecondsBetween`).
     */
    async contractsInPeriod({
      organizationId,
      userIds,
      from,
      to,
    }: {
      organizationId: string;
      userIds: readonly string[];
      from: CalendarDate;
      to: CalendarDate;
    }): Promise<ContractTerms[]> {
      if (userIds.length === 0) return [];
      const found = await runNamed<Omit<ContractTerms, "seconds">>(db, contractsInPeriodStatement, {
        organizationId,
        userIds: uuidArrayLiteral(userIds),
        from,
        to,
      });
      return found.map((contract) => ({ ...contract, seconds: contractualSecondsBetween(contract, from, to) }));
    },

    /**
     * Every day of the period for each of `zones`' people (days in their zone), whole: logged time (and billable),
     * planned time (planning blocks, series occurrences included), their cost under the contract in force that day,
     * logged time without a contract, and the day's capacity net of holidays and approved time off with the seconds
     * these take and credit (`sqlRules.dayCapacity`). On the period's first day, the terms of the contract in force
     * then. In the people's order, by day.
     */
    async dailyFigures({
      organizationId,
      zones,
      from,
      to,
    }: {
      organizationId: string;
      zones: readonly RankedZone[];
      from: CalendarDate;
      to: CalendarDate;
    }): Promise<DailyFiguresRow[]> {
      if (zones.length === 0) return [];
      const packed = await runNamed<PackedDailyFigures>(db, dailyFiguresStatement, {
        organizationId,
        zones: JSON.stringify(zones),
        from,
        to,
        ...widestBounds(from, to),
      });
      return unpackDailyFigures(packed, from);
    },

    /**
     * Logged time of one project, all time, per day (in each person's zone), with its cost and the part without a
     * contract: the statistics' confirmed figures and actual cost by day.
     */
    projectLoggedDays({
      organizationId,
      zones,
      projectId,
    }: {
      organizationId: string;
      zones: readonly UserZone[];
      projectId: string;
    }): Promise<Array<{ day: CalendarDate; seconds: number; euro_seconds: number; without_contract: number }>> {
      return runNamed(db, projectLoggedDaysStatement, { organizationId, zones: JSON.stringify(zones), projectId });
    },

    /**
     * Blocks of one project not yet logged, per day and kind (planning; activities not completed: unconfirmed), with
     * their cost under each owner's contract that day: stored blocks of all time, and the occurrences of the project's
     * series up to `horizon` (days in the owner's zone; contracts count only for members, as `zones` lists them).
     */
    projectBlockDays({
      organizationId,
      zones,
      projectId,
      horizon,
    }: {
      organizationId: string;
      zones: readonly UserZone[];
      projectId: string;
      horizon: CalendarDate;
    }): Promise<Array<{ day: CalendarDate; kind: "planning" | "unconfirmed"; seconds: number; euro_seconds: number }>> {
      return runNamed(db, projectBlockDaysStatement, {
        organizationId,
        zones: JSON.stringify(zones),
        projectId,
        horizon,
        templatesBefore: new Date(Date.parse(`${horizon}T00:00:00Z`) + 2 * 86_400_000),
      });
    },

    /**
     * Contractual seconds of every member in each of `months` (`YYYY-MM`): the overheads' hours. Not net of holidays
     * and time off (decision 026): the overheads are shared over the hours the organization pays for, and a holiday or
     * a paid absence is paid.
     */
    async organizationSecondsByMonth(organizationId: string, months: readonly string[]): Promise<Map<string, number>> {
      const result = new Map(months.map((month) => [month, 0]));
      if (months.length === 0) return result;
      const sorted = [...months].sort();
      const first = `${sorted[0]}-01`;
      const [y, m] = sorted.at(-1)!.split("-").map(Number) as [number, number];
      const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
      const found = await rows<{ month: string; seconds: number }>(sql`
        select to_char(d.day, 'YYYY-MM') as month, sum(${sqlRules.contractualHoursOn(sql`d.day`)} * 3600)::float8 as seconds
        from user_contracts c
        join organization_members m on m.user_id = c.user_id and m.organization_id = c.organization_id
        cross join lateral (
          select day::date from generate_series(greatest(c.from_date, ${first}::date)::timestamp,
            least(coalesce(c.to_date, ${last}::date), ${last}::date)::timestamp, interval '1 day') day
        ) d
        where c.organization_id = ${organizationId} and c.from_date <= ${last}::date
          and (c.to_date is null or c.to_date >= ${first}::date)
          and to_char(d.day, 'YYYY-MM') = any(${`{${months.join(",")}}`}::text[])
        group by 1`);
      for (const row of found) result.set(row.month, Number(row.seconds));
      return result;
    },

    /** Titles and customers of projects, for the timesheet's rows. */
    projectRefs(organizationId: string, projectIds: readonly string[]) {
      if (projectIds.length === 0) return Promise.resolve([]);
      return rows<{ id: string; title: string; customer_id: string | null; customer_nominative: string | null }>(sql`
        select p.id, p.title, p.customer_id, c.nominative as customer_nominative
        from projects p left join customers c on c.id = p.customer_id
        where p.organization_id = ${organizationId} and p.id = any(${uuidArray(projectIds)})`);
    },

    customerRefs(organizationId: string, customerIds: readonly string[]) {
      if (customerIds.length === 0) return Promise.resolve([]);
      return rows<{ id: string; nominative: string }>(sql`
        select id, nominative from customers
        where organization_id = ${organizationId} and id = any(${uuidArray(customerIds)})`);
    },

    /**
     * Logged time and its cost of each project, all time: `total_work_log` and `total_work_log_cost` of the projects'
     * answers, from the same aggregate as the statistics.
     */
    async projectWorkLog(
      organizationId: string,
      projectIds: readonly string[],
    ): Promise<Map<string, { seconds: number; euroSeconds: number }>> {
      const totals = new Map<string, { seconds: number; euroSeconds: number }>();
      if (projectIds.length === 0) return totals;
      const zones = (await repository.members(organizationId)).map((row) => ({
        user_id: row.user_id,
        tz: timeZoneOfPreferences(row.preferences),
      }));
      for (const row of await repository.projectLoggedByDay({ organizationId, zones, projectIds })) {
        const total = totals.get(row.project_id) ?? { seconds: 0, euroSeconds: 0 };
        total.seconds += Number(row.seconds);
        total.euroSeconds += Number(row.euro_seconds);
        totals.set(row.project_id, total);
      }
      return totals;
    },
  };
  return repository;
}
