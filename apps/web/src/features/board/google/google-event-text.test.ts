import { describe, expect, it } from "vitest";
import { descriptionText, eventWhen, fromInputValue, toInputValue } from "./google-event-text";
import { buildGoogleEvent } from "./google-fixtures";

describe("a Google event's details, in words", () => {
  const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).getTime();

  it("says a timed event's day and hours, 24-hour, in the reader's language", () => {
    const event = buildGoogleEvent({ start_time: at(17, 9), end_time: at(17, 9, 30) });
    expect(eventWhen(event, "en")).toBe("Tuesday, 17 March 2026, 09:00 – 09:30");
    expect(eventWhen(event, "it")).toBe("martedì 17 marzo 2026, 09:00 – 09:30");
  });

  it("says both ends in full of an event over two days", () => {
    const event = buildGoogleEvent({ start_time: at(17, 22), end_time: at(18, 1) });
    expect(eventWhen(event, "en")).toBe("Tuesday, 17 March 2026, 22:00 – Wednesday, 18 March 2026, 01:00");
  });

  it("says an all-day event's days, its end being the day after the last", () => {
    const oneDay = buildGoogleEvent({ all_day: true, start_date: "2026-03-17", end_date: "2026-03-18" });
    expect(eventWhen(oneDay, "en")).toBe("Tuesday, 17 March 2026");
    const twoDays = { ...oneDay, end_date: "2026-03-19" };
    expect(eventWhen(twoDays, "it")).toBe("martedì 17 marzo 2026 – mercoledì 18 marzo 2026");
  });

  it("reads a description written in Google's editor as plain text, its lines kept and nothing run", () => {
    expect(descriptionText("  Agenda: budget  ")).toBe("Agenda: budget");
    expect(
      descriptionText('Agenda<br>1. Budget &amp; plan<br/><a href="https://x.test">Notes</a><script>alert(1)</script>'),
    ).toBe("Agenda\n1. Budget & plan\nNotes");
    expect(descriptionText("<p>First</p><p>Second</p>")).toBe("First\nSecond");
  });

  it("writes and reads the form's date and time fields in the browser's zone", () => {
    expect(toInputValue(at(7, 8, 5))).toBe("2026-03-07T08:05");
    expect(fromInputValue("2026-03-07T08:05")).toBe(at(7, 8, 5));
    expect(fromInputValue("")).toBeNull();
    expect(fromInputValue("7 March")).toBeNull();
  });
});
