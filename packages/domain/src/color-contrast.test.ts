import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  darkTextColor,
  lightTextColor,
  minimumTextContrast,
  planningTintShare,
  readableTextColor,
  relativeLuminance,
  tileColors,
  tintOf,
} from "./color-contrast.js";

describe("contrastRatio", () => {
  it.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#000000", 21],
    ["#777777", "#777777", 1],
    // WCAG's own example of the grey that just passes on white.
    ["#767676", "#ffffff", 4.54],
    ["#3788d8", "#ffffff", 3.7],
    ["#3788d8", "#000000", 5.68],
    ["#868e96", "#ffffff", 3.32],
  ])("%s on %s is %f:1", (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  it("reads #rgb and any case as #rrggbb", () => {
    expect(relativeLuminance("#FFF")).toBe(1);
    expect(relativeLuminance("#3788D8")).toBe(relativeLuminance("#3788d8"));
  });

  it("refuses what is not a hex colour", () => {
    expect(() => relativeLuminance("blue")).toThrow(/Not a #rrggbb colour/);
  });
});

describe("readableTextColor", () => {
  // The swatches of the event form, of the category form, the default colours and the board screens' colours:
  // [background, text, contrast of that text]. Most of the app's bright colours need black text; white on them is
  // 1.9 to 4.3:1.
  it.each([
    ["#3788d8", darkTextColor, 5.68],
    ["#12b886", darkTextColor, 8.23],
    ["#40c057", darkTextColor, 8.9],
    ["#fab005", darkTextColor, 11.28],
    ["#fd7e14", darkTextColor, 8.17],
    ["#fa5252", darkTextColor, 6.39],
    ["#e64980", darkTextColor, 5.63],
    ["#7950f2", lightTextColor, 4.95],
    ["#868e96", darkTextColor, 6.32],
    ["#be4bdb", darkTextColor, 5.22],
    ["#4c6ef5", darkTextColor, 4.86],
    ["#228be6", darkTextColor, 5.9],
    ["#15aabf", darkTextColor, 7.53],
    ["#82c91e", darkTextColor, 10.32],
    ["#2f9e44", darkTextColor, 6.1],
    ["#1c7ed6", darkTextColor, 5.0],
    ["#7048e8", lightTextColor, 5.55],
    ["#e8590c", darkTextColor, 5.87],
    ["#0ca678", darkTextColor, 6.74],
    ["#f08c00", darkTextColor, 8.46],
    ["#000000", lightTextColor, 21],
    ["#ffffff", darkTextColor, 21],
    ["#1a1b1e", lightTextColor, 17.22],
    // Either side of the middle grey: each gets the one that reads better.
    ["#767676", darkTextColor, 4.62],
    ["#757575", lightTextColor, 4.61],
  ])("%s gets %s text at %f:1", (background, text, ratio) => {
    expect(readableTextColor(background)).toBe(text);
    expect(contrastRatio(text, background)).toBeCloseTo(ratio, 2);
  });

  it("leaves every grey and every channel mix at 4.5:1 or more", () => {
    let worst = 21;
    for (let r = 0; r <= 255; r += 15) {
      for (let g = 0; g <= 255; g += 15) {
        for (let b = 0; b <= 255; b += 15) {
          const color = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
          worst = Math.min(worst, contrastRatio(readableTextColor(color), color));
        }
      }
    }
    for (let v = 0; v <= 255; v += 1) {
      const grey = `#${v.toString(16).padStart(2, "0").repeat(3)}`;
      worst = Math.min(worst, contrastRatio(readableTextColor(grey), grey));
    }
    expect(worst).toBeGreaterThanOrEqual(minimumTextContrast);
    expect(worst).toBeLessThan(4.7);
  });

  it("takes a colour it cannot read as the events' default blue", () => {
    expect(readableTextColor("not a colour")).toBe(readableTextColor("#3788d8"));
  });
});

describe("tileColors", () => {
  it.each([
    ["activity", "#3788d8", "#3788d8", darkTextColor],
    ["activity", "#7950F2", "#7950f2", lightTextColor],
    // Planning is an 18% wash of its colour: always light, so always black text.
    ["planning", "#3788d8", "#dbeaf8", darkTextColor],
    ["planning", "#7048e8", "#e5defb", darkTextColor],
    ["planning", "#000000", "#d1d1d1", darkTextColor],
  ] as const)("an %s of %s is drawn on %s in %s", (eventType, color, background, text) => {
    expect(tileColors({ color, event_type: eventType })).toEqual({ background, text });
  });

  it("mixes the tint as CSS color-mix(in srgb) does", () => {
    expect(tintOf("#ff0000", planningTintShare)).toBe("#ffd1d1");
    expect(tintOf("#ffffff", planningTintShare)).toBe("#ffffff");
    expect(tintOf("#000000", 1)).toBe("#000000");
  });
});
