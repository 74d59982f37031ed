import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.js";

describe("csvCell", () => {
  it.each([
    ["plain text", "Acme", {}, "Acme"],
    ["a separator inside", "Rossi; Bianchi", {}, '"Rossi; Bianchi"'],
    ["a quote inside", 'The "Big" one', {}, '"The ""Big"" one"'],
    ["a line break inside", "two\nlines", {}, '"two\nlines"'],
    ["null", null, {}, ""],
    ["a number with a point", 7.5, {}, "7.5"],
    ["a number with a decimal comma", 7.5, { decimalComma: true }, "7,5"],
    ["a whole number", 8, { decimalComma: true }, "8"],
    ["accents", "Caffè", {}, "Caffè"],
  ] as const)("%s", (_label, value, options, expected) => {
    expect(csvCell(value, options)).toBe(expected);
  });
});

describe("toCsv", () => {
  it("starts with a byte-order mark and separates with semicolons", () => {
    expect(
      toCsv(
        ["title", "budget"],
        [
          ["Sito", 1200.5],
          ["App; v2", null],
        ],
        { decimalComma: true },
      ),
    ).toBe('\uFEFFtitle;budget\r\nSito;1200,5\r\n"App; v2";\r\n');
  });
});
