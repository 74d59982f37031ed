import { describe, expect, test } from "vitest";
import { vtimezoneFromOffsets, vtimezoneGenerator } from "./vtimezone.js";

const day = 86_400_000;
const span = { from: Date.UTC(2026, 9, 1), to: Date.UTC(2027, 9, 1) };

/** The observances of a VTIMEZONE: kind, DTSTART, offsets. */
function observances(vtimezone: string) {
  return [
    ...vtimezone.matchAll(/BEGIN:(STANDARD|DAYLIGHT)\r\nDTSTART:(\S+)\r\nTZOFFSETFROM:(\S+)\r\nTZOFFSETTO:(\S+)\r\n/g),
  ].map(([, kind, start, from, to]) => ({ kind, start, from, to }));
}

describe("a VTIMEZONE written from a zone's offsets", () => {
  test("names each change at the local time it happens, the lower offset standard and the higher daylight", () => {
    expect(observances(vtimezoneFromOffsets("America/Ciudad_Juarez", span))).toEqual([
      { kind: "DAYLIGHT", start: "20260930T180000", from: "-0600", to: "-0600" },
      { kind: "STANDARD", start: "20261101T020000", from: "-0600", to: "-0700" },
      { kind: "DAYLIGHT", start: "20270314T020000", from: "-0700", to: "-0600" },
    ]);
  });

  test("a zone that keeps one offset has one standard observance, half hours written as they are", () => {
    const text = vtimezoneFromOffsets("Asia/Kolkata", span);
    expect(text.startsWith("BEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata\r\n")).toBe(true);
    expect(text.endsWith("END:VTIMEZONE")).toBe(true);
    expect(observances(text)).toEqual([{ kind: "STANDARD", start: "20261001T053000", from: "+0530", to: "+0530" }]);
  });

  test("the generator takes the published definition, with its yearly rules, when there is one", () => {
    const generate = vtimezoneGenerator({ from: span.from, to: span.from + 400 * day });
    expect(generate("Europe/Rome")).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(generate("America/Ciudad_Juarez")).toBe(
      vtimezoneFromOffsets("America/Ciudad_Juarez", {
        from: span.from,
        to: span.from + 400 * day,
      }),
    );
  });
});
