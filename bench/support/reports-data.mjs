/**
 * The reports benchmark's data set: 100 people of one organization in four time zones, with contracts (full-time and
 * part-time, a raise in the middle of the year), ten projects, and one year of blocks: seven logged hours and two
 * planning hours each working day, plus two weekly series of planning blocks each (Monday, Wednesday and Friday). One
 * project gets the first block of 77 people's days: about 20,000 time entries. Holidays and time off (decision 026,
 * unless `BENCH_HOURS_OFF=0`): the organization's default holiday group (Italy's public holidays of the year and an
 * own half day) and, for one person in four, a group with the `worked` convention; ten days of approved time off per
 * person (a week, single days, half days and hours, some in each measured period) and two requests that count
 * nothing. Written in a few statements run straight on the database, the same on PostgreSQL and PGlite.
 */
export const year = { from: "2025-01-01", to: "2025-12-31" };
export const people = 100;
export const withHoursOff = process.env.BENCH_HOURS_OFF !== "0";

/** Italy's public holidays of 2025 and, as the organization's own, Christmas Eve afternoon. */
const italianHolidays = [
  ["2025-01-01", "Capodanno", false],
  ["2025-01-06", "Epifania", false],
  ["2025-04-20", "Pasqua", false],
  ["2025-04-21", "Lunedì dell'Angelo", false],
  ["2025-04-25", "Festa della Liberazione", false],
  ["2025-05-01", "Festa del Lavoro", false],
  ["2025-06-02", "Festa della Repubblica", false],
  ["2025-08-15", "Ferragosto", false],
  ["2025-11-01", "Ognissanti", false],
  ["2025-12-08", "Immacolata", false],
  ["2025-12-25", "Natale", false],
  ["2025-12-26", "Santo Stefano", false],
];

const zones = ["Europe/Rome", "America/New_York", "UTC", "Asia/Kolkata"];

/**
 * Holiday groups and time off (see the file's head). Each person's days move with their number, so that the days off
 * are spread over the year and over the measured week and month.
 */
async function seedHoursOff(exec, organizationId, numbered) {
  const org = `'${organizationId}'`;
  const [italy] = await exec(`insert into holiday_groups (organization_id, name, country, convention, is_default)
    values (${org}, 'Italia', 'IT', 'reduce', true) returning id`);
  const [remote] = await exec(`insert into holiday_groups (organization_id, name, country, convention)
    values (${org}, 'Remote', 'IT', 'worked') returning id`);
  const values = italianHolidays
    .map(([date, name, half]) => `('${date}'::date, '${name.replace("'", "''")}', ${half}, 'public')`)
    .join(", ");
  await exec(`insert into holiday_days (organization_id, group_id, date, name, half_day, source)
    select ${org}, g.id, d.date, d.name, d.half_day, d.source
    from (values ${values}, ('2025-12-24'::date, 'Vigilia', true, 'own')) d(date, name, half_day, source),
      (values ('${italy.id}'::uuid), ('${remote.id}'::uuid)) g(id)`);
  await exec(`update organization_members m set holiday_group_id = '${remote.id}'
    from ${numbered} p where p.id = m.user_id and m.organization_id = ${org} and p.n % 4 = 1`);
  const [kind] = await exec(`insert into time_off_kinds (organization_id, name, color, yearly_allowance_days)
    values (${org}, 'Vacation', '#2f9e44', 20) returning id`);
  // Ten days each: a week in August, three single days (one in the measured week), two half days and two of 4 hours
  // (one of them in the measured month); and two requests, which count nothing.
  await exec(`insert into time_off (organization_id, user_id, kind_id, start_date, end_date, half_day, hours, status)
    select ${org}, p.id, '${kind.id}', o.start_date + (p.n % o.spread), o.end_date + (p.n % o.spread), o.half_day,
      o.hours, o.status
    from ${numbered} p, (values
      ('2025-08-04'::date, '2025-08-08'::date, null::text, null::numeric, 'approved', 3),
      ('2025-03-12'::date, '2025-03-12'::date, null, null, 'approved', 3),
      ('2025-05-02'::date, '2025-05-02'::date, null, null, 'approved', 1),
      ('2025-12-29'::date, '2025-12-29'::date, null, null, 'approved', 3),
      ('2025-03-03'::date, '2025-03-03'::date, 'morning', null, 'approved', 5),
      ('2025-10-06'::date, '2025-10-06'::date, 'afternoon', null, 'approved', 5),
      ('2025-03-24'::date, '2025-03-24'::date, null, 4.5, 'approved', 5),
      ('2025-11-03'::date, '2025-11-03'::date, null, 4, 'approved', 5),
      ('2025-09-15'::date, '2025-09-16'::date, null, null, 'requested', 5),
      ('2025-03-13'::date, '2025-03-13'::date, null, null, 'requested', 1)
    ) o(start_date, end_date, half_day, hours, status, spread)`);
}

/** `exec(sql)` runs one statement and answers its rows. Ids are inlined: they are uuids read from the database. */
export async function seedReports(exec, { organizationId, adminId }) {
  const [memberRole] = await exec(
    `select id from roles where organization_id = '${organizationId}' and key = 'member'`,
  );
  const [status] = await exec(
    `select id from workflow_statuses where organization_id = '${organizationId}' and key = 'open'`,
  );
  await exec(`update organizations set plan_id = (select id from plans where code = 'unlimited')
    where id = '${organizationId}'`);
  await exec(`update users set nominative = 'User 000', preferences = '{"timeZone": "Europe/Rome"}'::jsonb
    where id = '${adminId}'`);
  await exec(`insert into users (email, nominative, preferences, status, terms_of_use, privacy_policy)
    select 'bench-' || i || '-' || '${organizationId}' || '@example.com', 'User ' || lpad(i::text, 3, '0'),
      jsonb_build_object('timeZone', (array[${zones.map((z) => `'${z}'`).join(",")}])[1 + i % 4]), 'active', true, true
    from generate_series(1, ${people - 1}) i`);
  await exec(`insert into organization_members (organization_id, user_id, role_id)
    select '${organizationId}', id, '${memberRole.id}' from users
    where email like 'bench-%-${organizationId}@example.com'`);
  // Numbered people: n is 0 for the admin.
  const numbered = `(select u.id, (row_number() over (order by u.nominative) - 1)::int as n,
      u.preferences->>'timeZone' as tz
    from organization_members m join users u on u.id = m.user_id where m.organization_id = '${organizationId}')`;
  // Two contracts each, changing on 1 July; every fourth person part-time, one in ten without a contract at all.
  await exec(`insert into user_contracts (organization_id, user_id, contract_type, contractual_hours,
      contractual_hours_by_day, hourly_cost, productivity_target, from_date, to_date)
    select '${organizationId}', p.id,
      case when p.n % 4 = 3 then 'part-time' else 'full-time' end,
      case when p.n % 4 = 3 then 0 else 8 end,
      case when p.n % 4 = 3 then '{"monday":6,"tuesday":6,"wednesday":6,"thursday":0,"friday":4,"saturday":0,"sunday":0}'::jsonb end,
      30 + p.n % 20 + half.raise, 80,
      half.from_date, half.to_date
    from ${numbered} p,
      (values ('2025-01-01'::date, '2025-06-30'::date, 0), ('2025-07-01'::date, null::date, 5)) half(from_date, to_date, raise)
    where p.n % 10 <> 9`);
  await exec(`insert into projects (organization_id, title, status_id, budget, marginability_percentage, end_date)
    select '${organizationId}', 'Project ' || i, '${status.id}', 500000 + i * 10000, 30, '2026-06-30'
    from generate_series(0, 9) i`);
  const projects = (
    await exec(`select id from projects where organization_id = '${organizationId}' order by title`)
  ).map((row) => row.id);
  const [category] = await exec(`insert into task_categories (organization_id, name, color)
    values ('${organizationId}', 'Development', '#336699') returning id`);
  const projectArray = `array[${projects.map((id) => `'${id}'::uuid`).join(",")}]`;
  await exec(`insert into time_blocking_events (organization_id, user_id, title, start_time, end_time, elapsed_time,
      completed, event_type, project_id, category_id)
    select '${organizationId}', p.id, 'Block ' || b.block,
      (d.day + (8 + b.block) * interval '1 hour')::timestamp at time zone p.tz,
      (d.day + (8 + b.block) * interval '1 hour' + interval '50 minutes')::timestamp at time zone p.tz,
      case when b.block < 7 then 3000 else 0 end,
      b.block < 7,
      case when b.block < 7 then 'activity' else 'planning' end,
      case when b.block = 0 and p.n < 77 then (${projectArray})[1]
        else (${projectArray})[2 + (p.n + b.block) % 9] end,
      case when b.block % 2 = 0 then '${category.id}'::uuid end
    from ${numbered} p,
      (select day::date from generate_series('${year.from}'::date, '${year.to}'::date, interval '1 day') day
        where extract(isodow from day) < 6) d,
      generate_series(0, 8) b(block)`);
  await exec(`with r as (
      insert into recurrences (organization_id, user_id, every, frequency, day_of_weeks, until)
      select '${organizationId}', p.id, 1, 'WEEKLY', '{1,3,5}'::int[], '${year.to}'::date
      from ${numbered} p, generate_series(0, 1) s
      returning id, user_id
    ), numbered_r as (select r.id, r.user_id, row_number() over (partition by r.user_id order by r.id) - 1 as s from r)
    insert into time_blocking_events (organization_id, user_id, title, start_time, end_time, event_type, project_id,
      recurrence_id)
    select '${organizationId}', p.id, 'Weekly ' || nr.s,
      ('2025-01-06'::date + (6 + nr.s) * interval '1 hour')::timestamp at time zone p.tz,
      ('2025-01-06'::date + (6 + nr.s) * interval '1 hour' + interval '45 minutes')::timestamp at time zone p.tz,
      'planning', (${projectArray})[1 + nr.s::int], nr.id
    from numbered_r nr join ${numbered} p on p.id = nr.user_id`);
  if (withHoursOff) await seedHoursOff(exec, organizationId, numbered);
  // Settled as autovacuum leaves a table soon after a bulk insert (PGlite's server does the same at start): statistics
  // for the planner, and pages marked all-visible for index-only scans. Measured straight after the insert, the
  // autovacuum that PostgreSQL starts would land in the middle of a measurement.
  await exec("vacuum (analyze)");
  // And written out: a checkpoint of the seed's hundreds of megabytes of WAL would otherwise come during a measurement.
  await exec("checkpoint");
  const [{ count }] = await exec(
    `select count(*)::int as count from time_blocking_events where organization_id = '${organizationId}'`,
  );
  return { heavyProjectId: projects[0], storedEvents: count };
}

/** The constant bounds the API adds (see `widestRange` in reports.repository.ts). */
export const widest = (from, to) => {
  const midnight = (date) => Date.parse(`${date}T00:00:00Z`);
  const lower = new Date(midnight(from) - 14 * 3_600_000).toISOString();
  const upper = new Date(midnight(to) + 36 * 3_600_000).toISOString();
  return `e.start_time >= '${lower}' and e.start_time < '${upper}'`;
};

/** Periods measured, shared by the API's paths and the raw SQL. */
export const periods = {
  month: { from: "2025-03-01", to: "2025-03-31" },
  year,
  week: { from: "2025-03-10", to: "2025-03-16" },
};

/**
 * The rules the raw SQL states plainly, for one organization: its people (active only, or all) in the reports' order,
 * the contract in force on a day, its hours on that day, a day's base capacity, the days off of a period as common
 * table expressions, decision 026's rule on a day, and the days off joined to a person's day. Shared by the reports'
 * raw SQL and the team plan's.
 */
export function rawRules(organizationId) {
  const org = `'${organizationId}'`;
  const people = (activeOnly = false) => `(select u.id as user_id, u.nominative,
      coalesce(u.preferences->>'timeZone', 'UTC') as tz,
      row_number() over (order by lower(u.nominative), u.nominative, u.id) as ord
    from organization_members m join users u on u.id = m.user_id
    where m.organization_id = ${org} ${activeOnly ? "and u.status = 'active'" : ""})`;
  const inForce = (user, day) => `left join user_contracts c on c.user_id = ${user} and c.organization_id = ${org}
    and c.from_date <= ${day} and (c.to_date is null or c.to_date >= ${day})`;
  const hoursOn = (day) => `(case when c.contract_type = 'part-time'
      then coalesce((c.contractual_hours_by_day ->> trim(to_char(${day}, 'day')))::numeric, 0)
    when extract(isodow from ${day}) < 6 then c.contractual_hours else 0 end)`;
  /** The day's capacity before holidays and time off: the contract's hours, else (none, or no hours) 8 h on weekdays. */
  const ringBase = (day) => `(case when c.id is not null and (c.contractual_hours > 0 or exists (
      select 1 from jsonb_each_text(c.contractual_hours_by_day) h where h.value::numeric > 0))
    then ${hoursOn(day)} * 3600 when extract(isodow from ${day}) < 6 then 28800 else 0 end)`;
  /**
   * Each person's days off from `from` to `to`, as common table expressions: their group (their own, else the
   * default), its holidays by day as a share of the day (a full day wins over a half on one date), and their approved
   * time off by day (shares of whole and half days, seconds of hours).
   */
  const daysOff = (from, to) => `
    grp as (
      select m.user_id, g.id, g.convention from organization_members m
      join holiday_groups g on g.id = coalesce(m.holiday_group_id,
        (select id from holiday_groups where organization_id = ${org} and is_default))
      where m.organization_id = ${org}),
    hol as (
      select grp.user_id, hd.date as day, max(grp.convention) as convention,
        case when bool_and(hd.half_day) then 0.5 else 1 end as share
      from grp join holiday_days hd on hd.group_id = grp.id
      where hd.date between '${from}' and '${to}'
      group by 1, 2),
    tof as (
      select t.user_id, d::date as day,
        sum(case when t.hours is not null then 0 when t.half_day is not null then 0.5 else 1 end) as shares,
        coalesce(sum(t.hours), 0) * 3600 as seconds
      from time_off t, generate_series(t.start_date, t.end_date, interval '1 day') d
      where t.organization_id = ${org} and t.status = 'approved' and d::date between '${from}' and '${to}'
      group by 1, 2)`;
  /**
   * Decision 026 on a day of base seconds `base`, with `ho` (hol) and `tf` (tof) joined: the holiday takes its share,
   * the time off what it asks of what is left; `worked` keeps the holiday's seconds in the capacity and credits them.
   */
  const rule = (base) => {
    const holiday = `(coalesce(ho.share, 0) * ${base})`;
    const taken = `least(coalesce(tf.shares, 0) * ${base} + coalesce(tf.seconds, 0), ${base} - ${holiday})`;
    const worked = "coalesce(ho.convention = 'worked', false)";
    return {
      capacity: `(${base} - ${taken} - case when ${worked} then 0 else ${holiday} end)`,
      timeOff: `(${holiday} + ${taken})`,
      credited: `(case when ${worked} then ${holiday} else 0 end)`,
    };
  };
  const offOn = (user, day) => `left join hol ho on ho.user_id = ${user} and ho.day = ${day}
    left join tof tf on tf.user_id = ${user} and tf.day = ${day}`;
  return { org, people, inForce, hoursOn, ringBase, daysOff, rule, offOn };
}

/**
 * The raw SQL for the same figures each API answer holds, run straight on the database: every figure of the answer,
 * not only its main aggregate, so that the ratio compares like with like. Written apart from the server's statements
 * (the same rules, said plainly), each answers rows a client would read:
 *
 * - timesheet: per person and day (logged, or with time off), the logged seconds, weekday, HH:MM, the terms of the
 *   contract in force that day with its hours net of holidays and time off, and the time off; per person, the net
 *   contractual seconds of the period;
 * - team report: per person and day, logged and billable seconds, their cost, planned seconds (stored planning
 *   blocks and the occurrences of the weekly series, expanded with generate_series), their cost, the day's capacity
 *   net of holidays and time off, the time off and the credited seconds; per person, the seconds by category;
 * - statistics: logged seconds and cost per day; blocks not yet logged (stored ones and the series' occurrences up to
 *   the project's end) per day and kind with their cost; final-balance expenses; overheads.
 *
 * The series expansion here covers what the seed makes (weekly series on fixed weekdays, ending on a date, at hours no
 * clock change touches); the server's covers every rule. `checkRawFigures` compares the two answers before anything is
 * measured. Statements marked `jitOff` run as the server runs them (`set local jit = off`, see reports.repository.ts).
 */
export function rawQueries({ organizationId, heavyProjectId }) {
  const { org, people, inForce, hoursOn, ringBase, daysOff, rule, offOn } = rawRules(organizationId);
  const timesheet = ({ from, to }) => [
    {
      text: `with p as ${people()},
      g as (
        select e.user_id, (e.start_time at time zone p.tz)::date as day, sum(e.elapsed_time) as seconds
        from p join time_blocking_events e on e.user_id = p.user_id
          and e.start_time >= ('${from}'::date::timestamp at time zone p.tz)
          and e.start_time < (('${to}'::date + 1)::timestamp at time zone p.tz) and ${widest(from, to)}
        where e.organization_id = ${org} and e.event_type = 'activity' and e.completed
        group by 1, 2),
      ${daysOff(from, to)},
      k as (select user_id, day from g union select user_id, day from hol union select user_id, day from tof),
      r as (
        select k.user_id, p.nominative, p.ord, k.day, g.user_id is not null as logged,
          coalesce(g.seconds, 0) as seconds, c.contract_type, c.contractual_hours_by_day,
          case when c.id is not null then ${rule(`${hoursOn("k.day")} * 3600`).capacity} / 3600 end as contractual_hours,
          ${rule(ringBase("k.day")).timeOff} as time_off
        from k join p on p.user_id = k.user_id left join g on g.user_id = k.user_id and g.day = k.day
        ${inForce("k.user_id", "k.day")} ${offOn("k.user_id", "k.day")})
      select r.user_id, r.nominative, r.day, trim(to_char(r.day, 'day')) as weekday, r.seconds,
        to_char(r.seconds / 3600, 'FM00') || ':' || to_char(r.seconds / 60 % 60, 'FM00') as worked_hours,
        r.contract_type, r.contractual_hours, r.contractual_hours_by_day, r.time_off
      from r where r.logged or r.time_off > 0
      order by r.ord, r.day`,
    },
    {
      text: `with ${daysOff(from, to)}
      select c.user_id, sum(${rule(`${hoursOn("d.day")} * 3600`).capacity}) as contractual_seconds
      from user_contracts c
      join (select day::date from generate_series('${from}'::date, '${to}'::date, interval '1 day') day) d
        on d.day >= c.from_date and (c.to_date is null or d.day <= c.to_date)
      ${offOn("c.user_id", "d.day")}
      where c.organization_id = ${org}
      group by 1`,
    },
  ];
  const team = ({ from, to }) => [
    {
      jitOff: true,
      text: `with p as ${people(true)},
      logged as (
        select e.user_id, (e.start_time at time zone p.tz)::date as day, sum(e.elapsed_time) as seconds,
          sum(e.elapsed_time) filter (where pr.not_billable = false) as billable
        from p join time_blocking_events e on e.user_id = p.user_id
          and e.start_time >= ('${from}'::date::timestamp at time zone p.tz)
          and e.start_time < (('${to}'::date + 1)::timestamp at time zone p.tz) and ${widest(from, to)}
        left join projects pr on pr.id = e.project_id
        where e.organization_id = ${org} and e.event_type = 'activity' and e.completed
        group by 1, 2),
      stored as (
        select e.user_id, (e.start_time at time zone p.tz)::date as day,
          extract(epoch from e.end_time - e.start_time) as seconds
        from p join time_blocking_events e on e.user_id = p.user_id
          and e.start_time >= ('${from}'::date::timestamp at time zone p.tz)
          and e.start_time < (('${to}'::date + 1)::timestamp at time zone p.tz) and ${widest(from, to)}
        where e.organization_id = ${org} and e.event_type = 'planning' and e.recurrence_id is null),
      series as (
        select e.user_id, d.day::date as day, extract(epoch from e.end_time - e.start_time) as seconds
        from p join time_blocking_events e on e.user_id = p.user_id
        join recurrences r on r.id = e.recurrence_id
        cross join generate_series(greatest((e.start_time at time zone p.tz)::date, '${from}'::date),
          least(r.until, '${to}'::date), interval '1 day') d(day)
        where e.event_type = 'planning' and extract(dow from d.day)::int = any(r.day_of_weeks)),
      planned as (
        select user_id, day, sum(seconds) as seconds from (select * from stored union all select * from series) b
        group by 1, 2),
      days as (select p.user_id, p.ord, d::date as day from p,
        generate_series('${from}'::date, '${to}'::date, interval '1 day') d),
      ${daysOff(from, to)}
      select days.user_id, days.day, coalesce(l.seconds, 0) as work_log, coalesce(l.billable, 0) as billable,
        coalesce(l.seconds * c.hourly_cost, 0) as euro_seconds,
        case when c.id is null then coalesce(l.seconds, 0) else 0 end as without_contract,
        coalesce(pl.seconds, 0) as planned, coalesce(pl.seconds * c.hourly_cost, 0) as planned_euro_seconds,
        ${rule(ringBase("days.day")).capacity} as capacity, ${rule(ringBase("days.day")).timeOff} as time_off,
        ${rule(ringBase("days.day")).credited} as credited
      from days
      left join logged l on l.user_id = days.user_id and l.day = days.day
      left join planned pl on pl.user_id = days.user_id and pl.day = days.day
      ${inForce("days.user_id", "days.day")} ${offOn("days.user_id", "days.day")}
      order by days.ord, days.day`,
    },
    {
      text: `with p as ${people(true)}
      select e.user_id, tc.id, tc.name, tc.color, sum(e.elapsed_time) as seconds
      from p join time_blocking_events e on e.user_id = p.user_id
        and e.start_time >= ('${from}'::date::timestamp at time zone p.tz)
        and e.start_time < (('${to}'::date + 1)::timestamp at time zone p.tz) and ${widest(from, to)}
      left join task_categories tc on tc.id = e.category_id
      where e.organization_id = ${org} and e.event_type = 'activity' and e.completed
      group by 1, 2, 3, 4`,
    },
  ];
  const project = `'${heavyProjectId}'`;
  const statistics = [
    {
      text: `with p as ${people()},
      g as (
        select e.user_id, (e.start_time at time zone coalesce(p.tz, 'UTC'))::date as day, sum(e.elapsed_time) as seconds
        from time_blocking_events e left join p on p.user_id = e.user_id
        where e.organization_id = ${org} and e.project_id = ${project} and e.event_type = 'activity' and e.completed
        group by 1, 2)
      select g.day, sum(g.seconds) as seconds, coalesce(sum(g.seconds * c.hourly_cost), 0) as euro_seconds,
        sum(g.seconds) filter (where c.id is null) as without_contract
      from g ${inForce("g.user_id", "g.day")}
      group by 1`,
    },
    {
      jitOff: true,
      text: `with p as ${people()},
      horizon as (select end_date from projects where id = ${project}),
      blocks as (
        select e.user_id, (e.start_time at time zone coalesce(p.tz, 'UTC'))::date as day, e.event_type,
          extract(epoch from e.end_time - e.start_time) as seconds
        from time_blocking_events e left join p on p.user_id = e.user_id
        where e.organization_id = ${org} and e.project_id = ${project} and e.recurrence_id is null
          and (e.event_type = 'planning' or not e.completed)
        union all
        select e.user_id, d.day::date, e.event_type, extract(epoch from e.end_time - e.start_time)
        from time_blocking_events e join recurrences r on r.id = e.recurrence_id
        left join p on p.user_id = e.user_id
        cross join generate_series((e.start_time at time zone coalesce(p.tz, 'UTC'))::date,
          least(r.until, (select end_date from horizon)), interval '1 day') d(day)
        where e.organization_id = ${org} and e.project_id = ${project}
          and (e.event_type = 'planning' or not e.completed)
          and extract(dow from d.day)::int = any(r.day_of_weeks))
      select b.day, b.event_type, sum(b.seconds) as seconds, coalesce(sum(b.seconds * c.hourly_cost), 0) as euro_seconds
      from blocks b ${inForce("b.user_id", "b.day")}
      group by 1, 2`,
    },
    {
      text: `select transaction_date, sum(amount) from expenses
      where organization_id = ${org} and project_id = ${project} and is_final_balance group by 1`,
    },
    { text: `select amount, from_date, to_date from overheads where organization_id = ${org}` },
  ];
  return {
    month: timesheet(periods.month),
    year: timesheet(periods.year),
    week: team(periods.week),
    statistics,
  };
}

const sum = (rows, pick) => rows.reduce((total, row) => total + Number(pick(row) ?? 0), 0);
const euros = (euroSeconds) => Math.round(euroSeconds / 36) / 100;

/**
 * Whether the raw SQL answers the API's figures: its totals against the API's, for each target. Answers the
 * differences found (none when honest).
 */
export function checkRawFigures(key, raw, api) {
  const problems = [];
  const same = (what, rawValue, apiValue) => {
    if (Math.abs(rawValue - apiValue) > 1e-6)
      problems.push(`${key}: ${what} is ${rawValue} in SQL, ${apiValue} in the API`);
  };
  if (key === "month" || key === "year") {
    const [rows, totals] = raw;
    same("rows", rows.length, api.rows.length);
    same(
      "logged seconds",
      sum(rows, (r) => r.seconds),
      api.work_log,
    );
    same(
      "contractual hours of the rows",
      sum(rows, (r) => r.contractual_hours),
      sum(api.rows, (r) => r.contractual_hours),
    );
    same(
      "rows with a contract",
      rows.filter((r) => r.contract_type).length,
      api.rows.filter((r) => r.contract_type).length,
    );
    same(
      "contractual seconds",
      sum(totals, (r) => r.contractual_seconds),
      sum(api.totals, (t) => t.contractual_seconds),
    );
    same(
      "time off of the rows",
      sum(rows, (r) => r.time_off),
      sum(api.rows, (r) => r.time_off),
    );
    same(
      "time off of the totals",
      sum(rows, (r) => r.time_off),
      sum(api.totals, (t) => t.time_off),
    );
    // Equal figures prove nothing if neither side saw a day off.
    if (withHoursOff && sum(rows, (r) => r.time_off) === 0) problems.push(`${key}: no time off in the rows`);
    const apiHours = new Set(api.rows.map((r) => `${r.user_id}|${r.work_log_date}|${r.worked_hours}|${r.weekday}`));
    const rawHours = rows.filter((r) => {
      const day = r.day instanceof Date ? r.day.toISOString().slice(0, 10) : String(r.day).slice(0, 10);
      return apiHours.has(`${r.user_id}|${day}|${r.worked_hours}|${r.weekday}`);
    });
    same("rows with the same day, weekday and HH:MM", rawHours.length, api.rows.length);
  } else if (key === "week") {
    const [days, categories] = raw;
    const { totals } = api;
    same(
      "logged seconds",
      sum(days, (r) => r.work_log),
      totals.work_log,
    );
    same(
      "billable seconds",
      sum(days, (r) => r.billable),
      totals.billable_work_log,
    );
    same(
      "planned seconds",
      sum(days, (r) => r.planned),
      totals.planned,
    );
    same(
      "capacity",
      sum(days, (r) => r.capacity),
      totals.capacity,
    );
    same(
      "time off",
      sum(days, (r) => r.time_off),
      totals.time_off,
    );
    same(
      "credited seconds",
      sum(days, (r) => r.credited),
      totals.credited,
    );
    if (withHoursOff && sum(days, (r) => r.time_off) === 0) problems.push(`${key}: no time off in the week`);
    same("logged cost", euros(sum(days, (r) => r.euro_seconds)), totals.work_log_cost);
    same("planned cost", euros(sum(days, (r) => r.planned_euro_seconds)), totals.plan_versus_actual.planned_cost);
    same(
      "seconds without a contract",
      sum(days, (r) => r.without_contract),
      totals.without_contract,
    );
    same(
      "seconds by category",
      sum(categories, (r) => r.seconds),
      sum(api.users, (u) => sum(u.task_categories_report, (c) => c.elapsed_time)),
    );
  } else if (key === "statistics") {
    const [logged, blocks] = raw;
    const kind = (type) => blocks.filter((b) => (type === "planning") === (b.event_type === "planning"));
    same("confirmed hours", Math.round(sum(logged, (r) => r.seconds) / 360) / 10, api.total_confirmed_hours);
    same("confirmed cost", euros(sum(logged, (r) => r.euro_seconds)), api.total_confirmed_hours_cost);
    same("planned hours", Math.round(sum(kind("planning"), (r) => r.seconds) / 360) / 10, api.total_planned_hours);
    same("planned cost", euros(sum(kind("planning"), (r) => r.euro_seconds)), api.total_planned_hours_cost);
    same(
      "unconfirmed hours",
      Math.round(sum(kind("activity"), (r) => r.seconds) / 360) / 10,
      api.total_unconfirmed_hours,
    );
    same("unconfirmed cost", euros(sum(kind("activity"), (r) => r.euro_seconds)), api.total_unconfirmed_hours_cost);
    same(
      "seconds without a contract",
      sum(logged, (r) => r.without_contract),
      api.without_contract,
    );
  }
  return problems;
}

/** An admin and their organization, made through the API at `apiBase` as a person would. */
export async function signUpAdmin(apiBase, email) {
  const call = async (method, path, body, token) => {
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { token, user } = await call("POST", "/auth/basic/signup", {
    email,
    password: "correct-horse-42",
    nominative: "Bench Admin",
  });
  await call("PATCH", `/user/${user.uid}`, { terms_of_use: true, privacy_policy: true, language: "en" }, token);
  const { organization } = await call("POST", `/user/${user.uid}/organization`, { name: "Bench", domains: [] }, token);
  return { token, adminId: user.uid, organizationId: organization.uid };
}
