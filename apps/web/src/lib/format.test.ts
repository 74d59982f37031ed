import { describe, expect, it } from "vitest";
import { formatDate, formatEuro } from "./format";

describe("formatDate", () => {
  it.each([
    ["2026-11-21", "21/11/2026"],
    ["2026-01-05", "05/01/2026"],
    [null, "—"],
  ])("%s is shown as %s", (date, expected) => {
    expect(formatDate(date)).toBe(expected);
  });
});

describe("formatEuro", () => {
  it("uses the Italian locale", () => {
    expect(formatEuro(1234.5).replace(/\s/g, " ")).toBe("1.234,50 €");
  });
});
