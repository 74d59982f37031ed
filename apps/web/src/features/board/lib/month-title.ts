/**
 * The board's title (spec part 1 §2 "Board"): the month of the visible days, or both months joined by a dash when
 * the week spans two, with the year. A week across New Year names each month's year.
 */
export function monthTitle(range: { start: Date; end: Date }, monthNames: readonly string[]): string {
  const first = range.start;
  // The range ends at midnight after the last visible day: that midnight belongs to the next month, not this range.
  const last = new Date(Math.max(range.start.getTime(), range.end.getTime() - 1));
  const name = (date: Date) => monthNames[date.getMonth()] ?? "";
  if (first.getFullYear() !== last.getFullYear()) {
    return `${name(first)} ${first.getFullYear()} – ${name(last)} ${last.getFullYear()}`;
  }
  if (first.getMonth() !== last.getMonth()) return `${name(first)} – ${name(last)} ${last.getFullYear()}`;
  return `${name(first)} ${first.getFullYear()}`;
}

/** Whether `now` falls inside the visible range (start inclusive, end exclusive): Today is then disabled. */
export function rangeContains(range: { start: number; end: number }, now: number): boolean {
  return range.start <= now && now < range.end;
}

/**
 * Whether the calendar already shows today, so that Today has nothing to do. A week holds today even when its weekend
 * is hidden; a single day cannot be a hidden Saturday or Sunday, so the calendar shows the Monday after it instead.
 */
export function showsToday(
  period: { start: number; end: number },
  now: Date,
  options: { singleDay: boolean; weekendsHidden: boolean },
): boolean {
  if (rangeContains(period, now.getTime())) return true;
  if (!options.singleDay || !options.weekendsHidden) return false;
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  return rangeContains(period, day.getTime());
}
