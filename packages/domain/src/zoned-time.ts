/**
 * Wall-clock time in an IANA time zone, without a date library: Intl knows every zone's offsets, and the rest is
 * arithmetic on UTC dates. Used wherever a rule speaks of "the same time of day" or "the same day" for a person
 * (recurring blocks, today's timer rule, day totals), because adding 24 hours is wrong twice a year.
 */

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether Intl knows the zone. */
export function isTimeZone(value: string): boolean {
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock as Intl reads it: exact, but slow (it formats a string), so only used to learn offsets. */
function formattedWallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: ((instant % 1000) + 1000) % 1000,
  };
}

function asUtc(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
}

function exactOffset(instant: number, timeZone: string): number {
  return asUtc(formattedWallClock(instant, timeZone)) - instant;
}

/**
 * The zone's offsets at the first and last millisecond of each UTC day seen. A zone changes its offset at most once
 * a day, so when both are equal the whole day has that offset and no formatting is needed: expanding a week of
 * recurring blocks reads the offset hundreds of times.
 */
const dayOffsets = new Map<string, readonly [number, number]>();
const dayOffsetsLimit = 100_000;
const dayMs = 86_400_000;

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
export function zoneOffsetAt(instant: number, timeZone: string): number {
  const day = Math.floor(instant / dayMs);
  const key = `${timeZone}|${day}`;
  let offsets = dayOffsets.get(key);
  if (!offsets) {
    offsets = [exactOffset(day * dayMs, timeZone), exactOffset(day * dayMs + dayMs - 1, timeZone)];
    if (dayOffsets.size >= dayOffsetsLimit) dayOffsets.clear();
    dayOffsets.set(key, offsets);
  }
  return offsets[0] === offsets[1] ? offsets[0] : exactOffset(instant, timeZone);
}

/** The wall clock in `timeZone` at an instant (epoch ms). */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const local = new Date(instant + zoneOffsetAt(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    millisecond: local.getUTCMilliseconds(),
  };
}

/**
 * The instant at which `timeZone`'s clock shows `wall`. A time skipped by a spring-forward change (02:30 on the
 * last Sunday of March in Rome) moves forward by the gap, and a time that happens twice in autumn takes the first,
 * as Temporal's "compatible" disambiguation does.
 */
export function instantAt(wall: WallClock, timeZone: string): number {
  const utc = asUtc(wall);
  const before = zoneOffsetAt(utc - 86_400_000, timeZone);
  const after = zoneOffsetAt(utc + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => utc - offset)
    .filter((instant) => asUtc(wallClockAt(instant, timeZone)) === utc)
    .sort((a, b) => a - b);
  if (candidates[0] !== undefined) return candidates[0];
  // In the gap: read the wall clock with the offset from before the change, which lands after it.
  return utc - before;
}

/** The calendar day `days` after the wall clock's day, keeping its time of day. */
export function addCalendarDays(wall: WallClock, days: number): WallClock {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Days from one wall clock's date to another's (time of day ignored). */
export function calendarDaysBetween(from: WallClock, to: WallClock): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  );
}

/** 0 Sunday … 6 Saturday, as the spec numbers weekdays. */
export function weekdayNumber(wall: Pick<WallClock, "year" | "month" | "day">): number {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
}

/** The first instant of the day containing `instant`, in `timeZone`. */
export function startOfDayIn(instant: number, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  return instantAt({ ...wall, hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone);
}

/** The last millisecond of the day containing `instant`, in `timeZone`. */
export function endOfDayIn(instant: number, timeZone: string): number {
  const next = addCalendarDays({ ...wallClockAt(instant, timeZone), hour: 0, minute: 0, second: 0, millisecond: 0 }, 1);
  return instantAt(next, timeZone) - 1;
}

/** `YYYY-MM-DD` of the day containing `instant`, in `timeZone`. */
export function calendarDateIn(instant: number, timeZone: string): string {
  const { year, month, day } = wallClockAt(instant, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
