import { lockDateLabel } from "./approvals.js";
import { type WallClock, wallClockAt } from "./zoned-time.js";

/**
 * The overlap guard (decision 026): with the organization's `prevent_overlapping_activities`, a person's activities may
 * not overlap one another. Planning blocks are not activities and may overlap anything.
 */

export interface Interval {
  start_time: number;
  end_time: number;
}

/**
 * Whether two activities overlap. Intervals are half-open, [start, end): one ending at 13:00 and the next starting at
 * 13:00 touch and do not overlap (solidtime's first guard flagged exactly that).
 */
export function activitiesOverlap(a: Interval, b: Interval): boolean {
  return a.start_time < b.end_time && b.start_time < a.end_time;
}

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (wall: WallClock) => `${pad(wall.hour)}:${pad(wall.minute)}`;
const dateOfWall = (wall: WallClock) => `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;

/**
 * What the 409 says of the entry in the way, its times in the owner's zone: `It overlaps "Standup" (09:00–09:15, 23 Nov
 * 2026)`, and both days when it ends on another.
 */
export function overlapMessage(other: Interval & { title: string }, timeZone: string): string {
  const start = wallClockAt(other.start_time, timeZone);
  const end = wallClockAt(other.end_time, timeZone);
  const title = other.title.trim() === "" ? "an untitled activity" : `"${other.title}"`;
  const startDay = lockDateLabel(dateOfWall(start));
  const endDay = lockDateLabel(dateOfWall(end));
  const when =
    startDay === endDay
      ? `${clock(start)}–${clock(end)}, ${startDay}`
      : `${clock(start)}, ${startDay} – ${clock(end)}, ${endDay}`;
  return `It overlaps ${title} (${when}): activities may not overlap in this organization`;
}
