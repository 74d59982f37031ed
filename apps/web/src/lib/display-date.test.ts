import { describe, expect, it } from "vitest";
import { parseDisplayDate } from "./display-date";

describe("parseDisplayDate", () => {
  it.each([
    ["03/04/2026", "2026-04-03"],
    ["3/4/2026", "2026-04-03"],
    ["31.12.2026", "2026-12-31"],
    ["01-02-2026", "2026-02-01"],
    [" 2026-05-06 ", "2026-05-06"],
  ])("reads %s day first as %s", (input, expected) => {
    expect(parseDisplayDate(input)).toBe(expected);
  });

  it.each(["", "31/02/2026", "2026/01/01", "12/2026", "tomorrow", "32/01/2026"])("refuses %j", (input) => {
    expect(parseDisplayDate(input)).toBeNull();
  });
});
