/**
 * The reports benchmark's data set: 100 people of one organization in four time zones, with contracts (full-time and
 * part-time, a raise in the middle of the year), ten projects, and one year of blocks: seven logged hours and two
 * planning hours each working day, plus two weekly series of planning blocks each (Monday, Wednesday and Friday). One
 * project gets the first block of 77 people's days: about 20,000 time entries. Written in a few statements run
 * straight on the database, the same on PostgreSQL and PGlite.
 */
export const year = { from: "2025-01-01", to: "2025-12-31" };
export const people = 100;

const zones = ["Europe/Rome", "America/New_York", "UTC", "Asia/Kolkata"];

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
  await exec("analyze");
  const [{ count }] = await exec(
    `select count(*)::int as count from time_blocking_events where organization_id = '${organizationId}'`,
  );
  return { heavyProjectId: projects[0], storedEvents: count };
}

/** The raw SQL aggregates the API's figures come from, run straight on the database for the baseline. */
/** The constant bounds the API adds (see `widestRange` in reports.repository.ts). */
const widest = (from, to) => {
  const midnight = (date) => Date.parse(`${date}T00:00:00Z`);
  const lower = new Date(midnight(from) - 14 * 3_600_000).toISOString();
  const upper = new Date(midnight(to) + 36 * 3_600_000).toISOString();
  return `e.start_time >= '${lower}' and e.start_time < '${upper}'`;
};

export function rawQueries({ organizationId, heavyProjectId }) {
  const zones = `(select u.id as user_id, coalesce(u.preferences->>'timeZone', 'UTC') as tz
    from organization_members m join users u on u.id = m.user_id where m.organization_id = '${organizationId}')`;
  const contractJoin = `left join user_contracts c on c.user_id = g.user_id and c.organization_id = '${organizationId}'
    and c.from_date <= g.day and (c.to_date is null or c.to_date >= g.day)`;
  const loggedByDay = (from, to, key = "null::text") => `with g as (
      select e.user_id, (e.start_time at time zone z.tz)::date as day, ${key} as key, sum(e.elapsed_time)::int8 as seconds
      from ${zones} z join time_blocking_events e on e.user_id = z.user_id
        and e.start_time >= ('${from}'::date::timestamp at time zone z.tz)
        and e.start_time < (('${to}'::date + 1)::timestamp at time zone z.tz) and ${widest(from, to)}
      left join projects p on p.id = e.project_id
      where e.organization_id = '${organizationId}' and e.event_type = 'activity' and e.completed
      group by 1, 2, 3)
    select g.user_id, g.day, g.key, g.seconds, coalesce(g.seconds * c.hourly_cost, 0) as euro_seconds
    from g ${contractJoin}`;
  const planned = (from, to) => `select e.user_id, (e.start_time at time zone z.tz)::date as day,
      sum(round(date_part('epoch', e.end_time - e.start_time))) as seconds
    from ${zones} z join time_blocking_events e on e.user_id = z.user_id
      and e.start_time >= ('${from}'::date::timestamp at time zone z.tz)
      and e.start_time < (('${to}'::date + 1)::timestamp at time zone z.tz) and ${widest(from, to)}
    where e.organization_id = '${organizationId}' and e.recurrence_id is null and e.event_type = 'planning'
    group by 1, 2`;
  return {
    month: [loggedByDay("2025-03-01", "2025-03-31")],
    year: [loggedByDay(year.from, year.to)],
    week: [
      loggedByDay(
        "2025-03-10",
        "2025-03-16",
        "case when e.project_id is not null and p.not_billable = false then 'billable' else 'not-billable' end",
      ),
      planned("2025-03-10", "2025-03-16"),
      `select e.user_id, tc.id, tc.name, tc.color, sum(e.elapsed_time) as seconds
      from ${zones} z join time_blocking_events e on e.user_id = z.user_id
        and e.start_time >= ('2025-03-10'::date::timestamp at time zone z.tz)
        and e.start_time < ('2025-03-17'::date::timestamp at time zone z.tz) and ${widest("2025-03-10", "2025-03-16")}
      left join task_categories tc on tc.id = e.category_id
      where e.organization_id = '${organizationId}' and e.event_type = 'activity' and e.completed
      group by 1, 2, 3, 4`,
    ],
    statistics: [
      `with g as (
        select e.user_id, (e.start_time at time zone coalesce(z.tz, 'UTC'))::date as day, sum(e.elapsed_time)::int8 as seconds
        from time_blocking_events e left join ${zones} z on z.user_id = e.user_id
        where e.organization_id = '${organizationId}' and e.project_id = '${heavyProjectId}'
          and e.event_type = 'activity' and e.completed
        group by 1, 2)
      select g.user_id, g.day, g.seconds, coalesce(g.seconds * c.hourly_cost, 0) as euro_seconds from g ${contractJoin}`,
      `select e.user_id, (e.start_time at time zone coalesce(z.tz, 'UTC'))::date as day, e.event_type,
        sum(round(date_part('epoch', e.end_time - e.start_time))) as seconds
      from time_blocking_events e left join ${zones} z on z.user_id = e.user_id
      where e.organization_id = '${organizationId}' and e.project_id = '${heavyProjectId}' and e.recurrence_id is null
        and (e.event_type = 'planning' or not e.completed)
      group by 1, 2, 3`,
    ],
  };
}
