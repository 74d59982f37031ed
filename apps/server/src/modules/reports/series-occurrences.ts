import { type SQL, sql } from "drizzle-orm";

/**
 * `expandRecurrence` (packages/domain/src/recurrence.ts) as SQL, so that the reports add series occurrences up in the
 * same statement as the stored blocks instead of expanding them in the server (decision 012). Each step mirrors the
 * domain function; series-occurrences.test.ts checks the two agree on random series, zones and ranges, daylight-saving
 * changes included.
 *
 * - Candidates: the template's day and, every `every` days, weeks (on the rule's weekdays, Monday first), months or
 *   years; a month or year without the template's day of the month has none. They keep the template's wall-clock time
 *   in the owner's zone, and a block over midnight keeps its number of days.
 * - `repeat` counts candidates from the first (skipped ones included); `until` is the last day an occurrence may start
 *   in the zone; `end_date` the last instant; skipped start times (`skip`, epoch ms) are left out.
 * - A wall-clock time is read as `instantAt` does: one skipped by a spring-forward change moves forward by the gap,
 *   one that happens twice takes the first. A block whose end comes out before its start keeps its length.
 *
 * `source` is a query whose rows carry a template and its rule: `tz`, `start_time`, `end_time` (timestamptz), `every`,
 * `frequency`, `day_of_weeks`, `until`, `repeat`, `skip`, `end_date`, and whatever else the caller needs; `rangeFrom`
 * and `rangeTo` (timestamptz, may use the columns of `s`) bound the occurrences kept: those that end after the first
 * and start before the second. The result is `s.*` with `occ_start`, `occ_end` and `occ_day` (the day it starts on in
 * the zone) for each occurrence.
 *
 * The templates and each step (a one-row lateral subquery) are kept apart by `offset 0`: the templates are read
 * once, not again for every step of every series; and pulled up, the planner would copy every expression
 * into the next ones, and the time-zone conversions would be computed many times over (or planning would not end).
 */
export function seriesOccurrences({ source, rangeFrom, rangeTo }: { source: SQL; rangeFrom: SQL; rangeTo: SQL }): SQL {
  return sql`
    select s.*, st.occ_start, st.occ_day,
      case when en.occ_end <= st.occ_start then st.occ_start + (s.end_time - s.start_time) else en.occ_end end as occ_end
    from (select * from (${source}) src offset 0) s
    cross join lateral (select ${rangeFrom} as range_from, ${rangeTo} as range_to offset 0) rg
    cross join lateral (
      select (s.start_time at time zone s.tz) as base_local, (s.end_time at time zone s.tz) as end_local
      offset 0
    ) bl
    cross join lateral (
      select bl.base_local::date as base_day,
        bl.base_local - bl.base_local::date::timestamp as tod,
        bl.end_local::date - bl.base_local::date as end_days,
        bl.end_local - bl.end_local::date::timestamp as end_tod,
        bl.base_local::date - (extract(isodow from bl.base_local)::int - 1) as monday,
        ((rg.range_from - (bl.end_local::date - bl.base_local::date + 1) * interval '1 day') at time zone s.tz)::date
          as earliest,
        least((rg.range_to at time zone s.tz)::date + 1, s.until + 1, (s.end_date at time zone s.tz)::date + 1)
          as latest
      offset 0
    ) b
    cross join lateral (
      select
        case when coalesce(s.repeat, 0) > 0 then 0 else greatest(0, (case s.frequency
          when 'DAILY' then (b.earliest - b.base_day) / s.every
          when 'WEEKLY' then (b.earliest - b.monday) / 7 / s.every
          when 'MONTHLY' then ((extract(year from b.earliest)::int - extract(year from b.base_day)::int) * 12
            + extract(month from b.earliest)::int - extract(month from b.base_day)::int) / s.every
          else (extract(year from b.earliest)::int - extract(year from b.base_day)::int) / s.every
        end) - 1) end as k_lo,
        least(case s.frequency
          when 'DAILY' then (b.latest - b.base_day) / s.every
          when 'WEEKLY' then (b.latest - b.monday) / 7 / s.every
          when 'MONTHLY' then ((extract(year from b.latest)::int - extract(year from b.base_day)::int) * 12
            + extract(month from b.latest)::int - extract(month from b.base_day)::int) / s.every
          else (extract(year from b.latest)::int - extract(year from b.base_day)::int) / s.every
        end + 1,
        -- With a count, no rule needs more than 8 steps a candidate (the 29th of February, across a century).
        case when coalesce(s.repeat, 0) > 0 then s.repeat * 8 + 8 else 2147483646 end) as k_hi
      offset 0
    ) kr
    cross join lateral (
      -- Counted from the first candidate, then only those that may overlap the range go on to the time-zone steps:
      -- for a week's report, a fifth of what the steps of whole weeks around it give.
      select * from (select d.day, row_number() over (order by d.day) as counted
      from (
        select case s.frequency
            when 'DAILY' then b.base_day + k * s.every
            when 'MONTHLY' then (b.base_day + make_interval(months => k * s.every))::date
            else (b.base_day + make_interval(years => k * s.every))::date
          end as day
        from generate_series(kr.k_lo, kr.k_hi) k
        where s.frequency <> 'WEEKLY'
        union all
        select b.monday + k * s.every * 7 + w.o
        from generate_series(kr.k_lo, kr.k_hi) k,
          (select distinct (x + 6) % 7 as o from unnest(case when cardinality(s.day_of_weeks) > 0
            then s.day_of_weeks else array[extract(dow from b.base_day)::int] end) x) w
        where s.frequency = 'WEEKLY'
      ) d
      where d.day >= b.base_day
        and (s.frequency not in ('MONTHLY', 'YEARLY') or extract(day from d.day) = extract(day from b.base_day))
      ) counted
      where counted.day >= b.earliest and counted.day <= b.latest
    ) c
    cross join lateral (
      select c.day + b.tod as l_start, c.day + b.end_days + b.end_tod as l_end,
        (c.day + b.tod) at time zone 'UTC' as u
      offset 0
    ) lw
    cross join lateral (
      select ((lw.u - interval '1 day') at time zone s.tz) - (lw.l_start - interval '1 day') as before,
        ((lw.u + interval '1 day') at time zone s.tz) - (lw.l_start + interval '1 day') as after
      offset 0
    ) o
    cross join lateral (
      select case
        when c.day = b.base_day then s.start_time
        when o.before = o.after then lw.u - o.before
        else (
          select case when v.first and v.second then least(v.c1, v.c2) when v.first then v.c1
            when v.second then v.c2 else v.c1 end
          from (select lw.u - o.before as c1, lw.u - o.after as c2,
            ((lw.u - o.before) at time zone s.tz) = lw.l_start as first,
            ((lw.u - o.after) at time zone s.tz) = lw.l_start as second) v
        )
      end as occ_start
      offset 0
    ) st0
    cross join lateral (
      -- The day the occurrence starts on in the zone: the candidate's own, unless a clock change moved its start.
      select st0.occ_start,
        case when c.day = b.base_day or o.before = o.after then c.day
          else (st0.occ_start at time zone s.tz)::date end as occ_day
      offset 0
    ) st
    cross join lateral (
      select case
        when c.day = b.base_day then s.end_time
        -- No clock change within a day of the start, and a block of at most 10 hours: it ends within that day, at the
        -- start's offset.
        when o.before = o.after and lw.l_end - lw.l_start <= interval '10 hours'
          then st.occ_start + (lw.l_end - lw.l_start)
        -- The end at the start's offset, when the clock shows the end's wall-clock time then (no change between).
        when ((st.occ_start + (lw.l_end - lw.l_start)) at time zone s.tz) = lw.l_end
          then st.occ_start + (lw.l_end - lw.l_start)
        else (
          select case when v.first and v.second then least(v.c1, v.c2) when v.first then v.c1
            when v.second then v.c2 else v.c1 end
          from (select e.u - e.before as c1, e.u - e.after as c2,
            ((e.u - e.before) at time zone s.tz) = lw.l_end as first,
            ((e.u - e.after) at time zone s.tz) = lw.l_end as second
            from (select lw.l_end at time zone 'UTC' as u,
              ((lw.l_end at time zone 'UTC' - interval '1 day') at time zone s.tz) - (lw.l_end - interval '1 day')
                as before,
              ((lw.l_end at time zone 'UTC' + interval '1 day') at time zone s.tz) - (lw.l_end + interval '1 day')
                as after) e) v
        )
      end as occ_end
      offset 0
    ) en
    where (coalesce(s.repeat, 0) = 0 or c.counted <= s.repeat)
      and (s.until is null or st.occ_day <= s.until)
      and (s.end_date is null or st.occ_start <= s.end_date)
      and st.occ_start < rg.range_to
      and (case when en.occ_end <= st.occ_start then st.occ_start + (s.end_time - s.start_time) else en.occ_end end)
        > rg.range_from
      -- Most series skip nothing: their occurrences are not turned into JSON to be looked for.
      and (case when jsonb_array_length(s.skip) = 0 then true
        else not (s.skip @> to_jsonb(round(extract(epoch from st.occ_start) * 1000)::int8)) end)`;
}
