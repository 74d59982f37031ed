import { zoneOffsetAt } from "@timetrap/domain";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { Temporal } from "temporal-polyfill";

const dayMs = 86_400_000;
const minuteMs = 60_000;

/** `+0100`, `-0430`: an offset as RFC 5545 writes it. */
function offsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / minuteMs);
  const sign = offsetMs < 0 ? "-" : "+";
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}${String(minutes % 60).padStart(2, "0")}`;
}

/** The local date-time an instant shows at `offsetMs`, as RFC 5545 writes a DTSTART without a zone. */
function localText(instant: number, offsetMs: number): string {
  return Temporal.Instant.fromEpochMilliseconds(instant + offsetMs)
    .toZonedDateTimeISO("UTC")
    .toPlainDateTime()
    .toString({ smallestUnit: "second" })
    .replace(/[-:]/g, "");
}

/** The first minute at which the zone's offset is no longer `offset`, between `from` (which has it) and `to` (which does not). */
function changeBetween(from: number, to: number, offset: number, timeZone: string): number {
  let low = from;
  let high = to;
  while (high - low > minuteMs) {
    const middle = low + Math.max(1, Math.floor((high - low) / 2 / minuteMs)) * minuteMs;
    if (zoneOffsetAt(middle, timeZone) === offset) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * A VTIMEZONE written from the zone's own offsets over `span`, for a zone the published definitions do not name (an
 * alias Intl keeps, such as Asia/Saigon, or a zone newer than them): one observance for the offset at the span's start
 * and one for each change in it, as Intl (the same data the board's occurrences are computed with) reports them.
 */
export function vtimezoneFromOffsets(timeZone: string, span: { from: number; to: number }): string {
  const changes: Array<{ at: number; from: number; to: number }> = [];
  let previous = zoneOffsetAt(span.from, timeZone);
  const first = { at: span.from, from: previous, to: previous };
  for (let day = span.from + dayMs; day < span.to + dayMs; day += dayMs) {
    const offset = zoneOffsetAt(day, timeZone);
    if (offset === previous) continue;
    changes.push({ at: changeBetween(day - dayMs, day, previous, timeZone), from: previous, to: offset });
    previous = offset;
  }
  const observances = [first, ...changes];
  // Daylight-saving time puts the clock ahead: the zone's lowest offset in the span is its standard time.
  const standard = Math.min(...observances.map((observance) => observance.to));
  const lines = [`BEGIN:VTIMEZONE`, `TZID:${timeZone}`];
  for (const observance of observances) {
    const kind = observance.to === standard ? "STANDARD" : "DAYLIGHT";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localText(observance.at, observance.from)}`,
      `TZOFFSETFROM:${offsetText(observance.from)}`,
      `TZOFFSETTO:${offsetText(observance.to)}`,
      `END:${kind}`,
    );
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}

/**
 * The VTIMEZONE of a zone: the published definition (tzurl.org's, with yearly rules, so that a series is right in
 * every year a calendar shows), else one written from the zone's offsets over `span`.
 */
export function vtimezoneGenerator(span: { from: number; to: number }): (timeZone: string) => string | null {
  return (timeZone) => getVtimezoneComponent(timeZone) ?? vtimezoneFromOffsets(timeZone, span);
}
