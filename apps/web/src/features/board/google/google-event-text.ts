import type { GoogleEvent } from "@timetrap/domain";

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as a `datetime-local` field writes it (`YYYY-MM-DDTHH:mm`), in the browser's zone. */
export function toInputValue(instant: number): string {
  const date = new Date(instant);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` field's value as an instant in the browser's zone, or null when it is empty or unreadable. */
export function fromInputValue(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const instant = new Date(value).getTime();
  return Number.isFinite(instant) ? instant : null;
}

/** The day before a `YYYY-MM-DD` date (an all-day event's end is exclusive, as Google's). */
function dayBefore(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(year, month - 1, day - 1);
}

function localDate(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(year, month - 1, day);
}

/**
 * When the event is, in the reader's language and 24-hour time (spec part 1 §9): "Tuesday 17 March 2026, 09:00 – 09:30";
 * an event over several days with both ends in full; an all-day event as its days.
 */
export function eventWhen(event: GoogleEvent, language: string): string {
  const locale = language === "it" ? "it-IT" : "en-GB";
  const day = new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hour12: false });
  if (event.all_day && event.start_date && event.end_date) {
    const first = localDate(event.start_date);
    const last = dayBefore(event.end_date);
    return last.getTime() <= first.getTime() ? day.format(first) : `${day.format(first)} – ${day.format(last)}`;
  }
  const start = new Date(event.start_time);
  const end = new Date(event.end_time);
  if (start.toDateString() === end.toDateString()) {
    return `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`;
  }
  return `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
}

/**
 * A Google event's description as plain text: Google keeps what its editor wrote as HTML (line breaks, links, lists).
 * Read by the browser's parser into an inert document (no script runs, no image loads), its lines kept.
 */
export function descriptionText(description: string): string {
  if (!/<[a-z!/][^>]*>|&[a-z#0-9]+;/i.test(description)) return description.trim();
  const withBreaks = description.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|h[1-6])>/gi, "$&\n");
  const document = new DOMParser().parseFromString(withBreaks, "text/html");
  // A script's or a style's text is no part of what the reader should see.
  for (const element of document.querySelectorAll("script, style")) element.remove();
  return (document.body.textContent ?? "").replace(/\n{3,}/g, "\n\n").trim();
}
