import {
  calendarDateIn,
  instantAt,
  type TimeBlockingEvent,
  timeBlockingEventSchema,
  wallClockAt,
  weekdayNumber,
  zoneOffsetAt,
} from "@timetrap/domain";
import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import { type BuiltUser, buildOrganization, buildUser, insertProjectWithTeam } from "../../test/factories.js";
import { request, useTestApp } from "../../test/test-app.js";

/**
 * The feed read back by an independent parser (ical.js, with only the VTIMEZONE the feed carries), against what the
 * board's own API answers for the same range.
 */

const t = useTestApp();

const hour = 3_600_000;
const day = 24 * hour;

interface Occurrence {
  start: number;
  end: number;
}

type IcalEvent = InstanceType<typeof ICAL.Event>;

interface ParsedFeed {
  events: IcalEvent[];
  /** The VEVENT of a block, by the block's id. */
  event(id: string): IcalEvent;
  /** The occurrences a calendar shows of a block that start in the range, as instants. */
  occurrences(id: string, range: { from: number; to: number }): Occurrence[];
}

function parseFeed(text: string): ParsedFeed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtimezone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  const event = (id: string) => {
    const found = events.find((candidate) => candidate.uid === `${id}@timetrap`);
    if (!found) throw new Error(`no VEVENT of ${id} in the feed`);
    return found;
  };
  return {
    events,
    event,
    occurrences(id, range) {
      const vevent = event(id);
      const found: Occurrence[] = [];
      const iterator = vevent.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        const details = vevent.getOccurrenceDetails(next);
        const start = details.startDate.toUnixTime() * 1000;
        if (start >= range.to) break;
        if (start >= range.from) found.push({ start, end: details.endDate.toUnixTime() * 1000 });
      }
      return found;
    },
  };
}

/** The RRULE line of a block's VEVENT as the feed writes it (a parser would write the rule back its own way). */
function ruleLine(text: string, id: string): string | undefined {
  const vevent = text.split("BEGIN:VEVENT").find((part) => part.includes(`UID:${id}@timetrap`));
  return vevent?.split("\r\n").find((line) => line.startsWith("RRULE:"));
}

async function person(timeZone: string) {
  const owner = await buildUser(t, { termsOfUse: true, privacyPolicy: true, preferences: { timeZone } });
  const built = await buildOrganization(t, { owner });
  return { owner, orgId: built.organization.uid };
}

async function createBlock(owner: BuiltUser, body: Record<string, unknown>): Promise<TimeBlockingEvent> {
  const response = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${owner.id}/time-blocking`,
    token: owner.token,
    json: body,
  });
  if (response.statusCode !== 201) throw new Error(`block not created: ${response.body}`);
  return timeBlockingEventSchema.parse(response.json());
}

/** The occurrences of a block the board's API answers for the range. */
async function boardOccurrences(owner: BuiltUser, id: string, range: { from: number; to: number }) {
  const response = await request(t.app, {
    method: "GET",
    url: `/api/v1/user/${owner.id}/time-blocking`,
    token: owner.token,
    query: { startTime: String(range.from), endTime: String(range.to) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TimeBlockingEvent[])
    .filter((event) => event.id === id)
    .map((event) => ({ start: event.start_time, end: event.end_time }));
}

async function feedOf(owner: BuiltUser): Promise<{ text: string; parsed: ParsedFeed }> {
  const on = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${owner.id}/calendar-feed`,
    token: owner.token,
  });
  const { url } = on.json() as { url: string };
  const response = await request(t.app, { method: "GET", url: new URL(url).pathname });
  expect(response.statusCode, response.body).toBe(200);
  return { text: response.body, parsed: parseFeed(response.body) };
}

/** The instant the zone's clock shows `hh:mm` on the day of `instant`, `days` days later. */
function wallTime(instant: number, days: number, hhmm: string, timeZone: string): number {
  const wall = wallClockAt(instant + days * day, timeZone);
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return instantAt({ ...wall, hour: h, minute: m, second: 0, millisecond: 0 }, timeZone);
}

/**
 * The first clock change of `timeZone` at least three weeks from the edges of the feed's window (30 days back, 180
 * ahead), so that a weekly series around it lies inside the window whenever the test runs.
 */
function clockChangeInWindow(timeZone: string): number | null {
  const now = Date.now();
  for (let at = now - 9 * day; at < now + 150 * day; at += day) {
    if (zoneOffsetAt(at, timeZone) !== zoneOffsetAt(at + day, timeZone)) return at + day;
  }
  return null;
}

/**
 * Rome changes its clocks in late March and late October, which leaves a stretch of April without a change in the
 * window; New York's and Santiago's changes fall in other months.
 */
function zoneWithClockChange(): { timeZone: string; change: number } {
  for (const timeZone of ["Europe/Rome", "America/New_York", "America/Santiago"]) {
    const change = clockChangeInWindow(timeZone);
    if (change !== null) return { timeZone, change };
  }
  throw new Error("no zone with a clock change in the feed's window");
}

describe("a series in the feed", () => {
  test("a weekly series with a skipped occurrence across a daylight-saving change: the board's instants, the skip absent", async () => {
    const { timeZone, change } = zoneWithClockChange();
    const { owner } = await person(timeZone);
    // 09:00 on the weekday two weeks before the change, weekly; the first occurrence after the change is skipped.
    const start = wallTime(change, -14, "09:00", timeZone);
    const series = await createBlock(owner, {
      title: "Weekly review",
      start_time: start,
      end_time: start + hour + 30 * 60_000,
      event_type: "planning",
      recurrence: { every: 1, frequency: "WEEKLY", day_of_weeks: [] },
    });
    // Six weeks; the seventh week's 09:00 lies an hour off a whole number of days from the first, so it is left out.
    const range = { from: start - day, to: start + 38 * day };
    const before = await boardOccurrences(owner, series.id, range);
    const skipped = before.find((occurrence) => occurrence.start > change)!;
    const skip = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/user/${owner.id}/recurrence/${series.recurrence_id}`,
      token: owner.token,
      json: { skip: skipped.start },
    });
    expect(skip.statusCode, skip.body).toBe(200);

    const board = await boardOccurrences(owner, series.id, range);
    expect(board).toHaveLength(5);
    const { text, parsed } = await feedOf(owner);
    expect(parsed.occurrences(series.id, range)).toEqual(board);
    expect(parsed.occurrences(series.id, range)).not.toContainEqual(skipped);
    // The same 09:00 on both sides of the change, so a different hour in UTC.
    const utcHours = new Set(board.map((occurrence) => new Date(occurrence.start).getUTCHours()));
    expect(utcHours.size).toBe(2);
    expect(board.every((occurrence) => wallClockAt(occurrence.start, timeZone).hour === 9)).toBe(true);

    const vevent = parsed.event(series.id).component;
    expect(vevent.getFirstProperty("dtstart")?.getParameter("tzid")).toBe(timeZone);
    expect(ruleLine(text, series.id)).toBe("RRULE:FREQ=WEEKLY;INTERVAL=1");
    expect(vevent.getAllProperties("exdate")).toHaveLength(1);
    expect(text).toContain(`BEGIN:VTIMEZONE\r\nTZID:${timeZone}\r\n`);
    expect(parsed.event(series.id).summary).toBe("Weekly review");
    expect(vevent.getFirstProperty("categories")?.getFirstValue()).toBe("Planning");
  });

  test("weekdays every other week, a count, a last day and an end set by 'this and the following' give the board's occurrences", async () => {
    const timeZone = "Europe/Rome";
    const { owner } = await person(timeZone);
    // The next Friday: the series' first occurrence is then the Monday after it.
    const daysToFriday = ((5 - weekdayNumber(wallClockAt(Date.now(), timeZone)) + 7) % 7) + 7;
    const base = wallTime(Date.now(), daysToFriday, "10:00", timeZone);
    const weekdays = await createBlock(owner, {
      title: "Pairing",
      start_time: base,
      end_time: base + 2 * hour,
      // Every other week on Monday and Thursday, from a template on a day that may be neither.
      recurrence: { every: 2, frequency: "WEEKLY", day_of_weeks: [1, 4] },
    });
    const counted = await createBlock(owner, {
      title: "Daily stand-up",
      start_time: base + hour,
      end_time: base + hour + 15 * 60_000,
      recurrence: { every: 1, frequency: "DAILY", repeat: 6 },
    });
    const lastDay = calendarDateIn(base + 20 * day, timeZone);
    const untilDay = await createBlock(owner, {
      title: "Sprint",
      start_time: base + 3 * hour,
      end_time: base + 4 * hour,
      recurrence: { every: 3, frequency: "DAILY", until: lastDay },
    });
    const cut = await createBlock(owner, {
      title: "Monthly report",
      start_time: base + 5 * hour,
      end_time: base + 6 * hour,
      recurrence: { every: 1, frequency: "DAILY", repeat: 20 },
    });
    // "This and the following" from the fifth occurrence: the end cuts the count short.
    const endDate = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/user/${owner.id}/recurrence/${cut.recurrence_id}`,
      token: owner.token,
      json: { end_date: base + 5 * hour + 4 * day - 1000 },
    });
    expect(endDate.statusCode, endDate.body).toBe(200);

    const range = { from: base - day, to: base + 60 * day };
    const { text, parsed } = await feedOf(owner);
    for (const event of [weekdays, counted, untilDay, cut]) {
      const board = await boardOccurrences(owner, event.id, range);
      expect(board.length, event.title).toBeGreaterThan(0);
      expect(parsed.occurrences(event.id, range), event.title).toEqual(board);
    }
    const rule = (event: TimeBlockingEvent) => ruleLine(text, event.id);
    expect(rule(weekdays)).toBe("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=MO");
    expect(rule(counted)).toBe("RRULE:FREQ=DAILY;COUNT=6;INTERVAL=1");
    expect(rule(untilDay)).toMatch(/^RRULE:FREQ=DAILY;INTERVAL=3;UNTIL=\d{8}T\d{6}Z$/);
    expect(rule(cut)).toMatch(/^RRULE:FREQ=DAILY;INTERVAL=1;UNTIL=\d{8}T\d{6}Z$/);
    expect(parsed.occurrences(cut.id, range)).toHaveLength(4);
  });

  test("an occurrence changed alone is its own VEVENT beside the series' EXDATE", async () => {
    const timeZone = "Europe/Rome";
    const { owner } = await person(timeZone);
    const start = wallTime(Date.now(), 1, "14:00", timeZone);
    const series = await createBlock(owner, {
      title: "Gym",
      start_time: start,
      end_time: start + hour,
      recurrence: { every: 1, frequency: "DAILY" },
    });
    const moved = await createBlock(owner, {
      title: "Gym (later)",
      start_time: start + 2 * day + 3 * hour,
      end_time: start + 2 * day + 4 * hour,
      recurrence_id: series.recurrence_id,
    });
    const range = { from: start - day, to: start + 5 * day };
    const { parsed } = await feedOf(owner);
    expect(parsed.occurrences(series.id, range)).toEqual(await boardOccurrences(owner, series.id, range));
    expect(parsed.occurrences(series.id, range).map((o) => o.start)).not.toContain(start + 2 * day);
    expect(parsed.occurrences(moved.id, range)).toEqual([{ start: moved.start_time, end: moved.end_time }]);
    expect(parsed.event(moved.id).summary).toBe("Gym (later)");
  });

  test("in a zone the published definitions do not name, the VTIMEZONE written from its offsets gives the board's instants", async () => {
    // America/Ciudad_Juarez (2022) is newer than the definitions the generator carries; it changes its clocks as the
    // United States do.
    const timeZone = "America/Ciudad_Juarez";
    const change = clockChangeInWindow(timeZone);
    expect(change, "a clock change of Ciudad Juárez in the window").not.toBeNull();
    const { owner } = await person(timeZone);
    const start = wallTime(change!, -10, "08:30", timeZone);
    const series = await createBlock(owner, {
      title: "Early call",
      start_time: start,
      end_time: start + hour,
      recurrence: { every: 1, frequency: "WEEKLY", day_of_weeks: [1, 3, 5] },
    });
    const range = { from: start - day, to: start + 24 * day };
    const { text, parsed } = await feedOf(owner);
    expect(text).toContain(`TZID:${timeZone}\r\n`);
    const board = await boardOccurrences(owner, series.id, range);
    expect(new Set(board.map((occurrence) => new Date(occurrence.start).getUTCHours())).size).toBe(2);
    expect(parsed.occurrences(series.id, range)).toEqual(board);
  });
});

describe("a block in the feed", () => {
  test("a plain activity: summary, its project in the description, Activity, the person's zone, a stable UID", async () => {
    const timeZone = "Europe/Rome";
    const { owner, orgId } = await person(timeZone);
    const project = await insertProjectWithTeam(t, orgId, { title: "Website; relaunch", managerId: owner.id });
    const start = wallTime(Date.now(), -3, "15:00", timeZone);
    const block = await createBlock(owner, {
      title: "Design review, round 2",
      start_time: start,
      end_time: start + 45 * 60_000,
      event_type: "activity",
      project_id: project.id,
    });
    const planning = await createBlock(owner, {
      title: "Plan the sprint",
      start_time: start + day,
      end_time: start + day + hour,
      event_type: "planning",
    });
    const { text, parsed } = await feedOf(owner);
    const event = parsed.event(block.id);
    expect(event.summary).toBe("Design review, round 2");
    expect(event.description).toBe("Website; relaunch");
    expect(event.isRecurring()).toBe(false);
    expect(event.startDate.toUnixTime() * 1000).toBe(start);
    expect(event.endDate.toUnixTime() * 1000).toBe(start + 45 * 60_000);
    expect(event.startDate.zone?.tzid).toBe(timeZone);
    expect(event.component.getFirstProperty("categories")?.getFirstValue()).toBe("Activity");
    expect(parsed.event(planning.id).component.getFirstProperty("categories")?.getFirstValue()).toBe("Planning");
    // Escaped as RFC 5545 wants it.
    expect(text).toContain("SUMMARY:Design review\\, round 2");
    expect(text).toContain("DESCRIPTION:Website\\; relaunch");

    // The same UID on the next fetch, at a new address too.
    const again = await feedOf(owner);
    expect(again.parsed.event(block.id).uid).toBe(`${block.id}@timetrap`);
  });

  test("an all-day block is dated, its end the day after its last", async () => {
    const timeZone = "Europe/Rome";
    const { owner } = await person(timeZone);
    const midnight = wallTime(Date.now(), 5, "00:00", timeZone);
    const end = wallTime(Date.now(), 7, "00:00", timeZone);
    const block = await createBlock(owner, { title: "Conference", start_time: midnight, end_time: end, all_day: true });
    const { text, parsed } = await feedOf(owner);
    const event = parsed.event(block.id);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(calendarDateIn(midnight, timeZone));
    expect(event.endDate.toString()).toBe(calendarDateIn(end, timeZone));
    expect(text).toContain(`DTSTART;VALUE=DATE:${calendarDateIn(midnight, timeZone).replaceAll("-", "")}`);
  });

  test("the feed covers 30 days back and 180 ahead: blocks outside are left out", async () => {
    const timeZone = "Europe/Rome";
    const { owner } = await person(timeZone);
    const now = Date.now();
    const inside = await createBlock(owner, {
      title: "Inside",
      start_time: now - 29 * day,
      end_time: now - 29 * day + hour,
    });
    const tooOld = await createBlock(owner, {
      title: "Too old",
      start_time: now - 32 * day,
      end_time: now - 32 * day + hour,
    });
    const tooFar = await createBlock(owner, {
      title: "Too far",
      start_time: now + 182 * day,
      end_time: now + 182 * day + hour,
    });
    const endedSeries = await createBlock(owner, {
      title: "Ended",
      start_time: now - 60 * day,
      end_time: now - 60 * day + hour,
      recurrence: { every: 1, frequency: "DAILY", repeat: 5 },
    });
    const { parsed } = await feedOf(owner);
    const uids = parsed.events.map((event) => event.uid);
    expect(uids).toContain(`${inside.id}@timetrap`);
    for (const left of [tooOld, tooFar, endedSeries]) expect(uids, left.title).not.toContain(`${left.id}@timetrap`);
  });
});
