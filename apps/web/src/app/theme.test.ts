import { DEFAULT_THEME, type MantineColorsTuple, mergeMantineTheme } from "@mantine/core";
import { contrastRatio, darkTextColor, lightTextColor } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import {
  cssVariablesResolver,
  dimmedColor,
  filledColors,
  lightColorOf,
  pageBackgrounds,
  readableOn,
  textColorOf,
  theme,
  variantColorResolver,
} from "./theme";

const palettes = Object.entries(DEFAULT_THEME.colors) as [string, MantineColorsTuple][];
const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const lowest = (color: string, backgrounds: readonly string[]) =>
  Math.min(...backgrounds.map((background) => contrastRatio(color, background)));

describe("theme colours meet WCAG AA for text (4.5:1)", () => {
  it.each(palettes)("%s: filled surfaces, text on the page and light tints", (_name, palette) => {
    const filled = filledColors(palette);
    expect(contrastRatio(filled.text, filled.background)).toBeGreaterThanOrEqual(4.5);
    expect(lowest(textColorOf(palette), pageBackgrounds)).toBeGreaterThanOrEqual(4.5);
    expect(lowest(lightColorOf(palette), [palette[1], ...pageBackgrounds])).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ["indigo", DEFAULT_THEME.colors.indigo[7], lightTextColor],
    ["red", DEFAULT_THEME.colors.red[8], lightTextColor],
    ["blue", DEFAULT_THEME.colors.blue[8], lightTextColor],
    ["violet", DEFAULT_THEME.colors.violet[6], lightTextColor],
    ["teal", DEFAULT_THEME.colors.teal[9], lightTextColor],
  ] as const)("%s: a filled surface is %s with %s words", (name, background, text) => {
    const filled = filledColors(DEFAULT_THEME.colors[name]);
    expect(filled).toMatchObject({ background, text });
  });

  it.each(["yellow", "lime", "orange", "green"] as const)(
    "%s, too light for white words at every shade, is darkened from its darkest one",
    (name) => {
      const filled = filledColors(DEFAULT_THEME.colors[name]);
      expect(DEFAULT_THEME.colors[name]).not.toContain(filled.background);
      expect(contrastRatio(lightTextColor, filled.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(lightTextColor, filled.background)).toBeLessThan(5.5);
    },
  );

  it("dimmed text reads on white and on the shell's greys, and stays lighter than body text", () => {
    expect(lowest(dimmedColor, pageBackgrounds)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dimmedColor, "#ffffff")).toBeLessThan(contrastRatio(DEFAULT_THEME.colors.gray[7], "#ffffff"));
  });

  it.each([
    ["a colour that already reads is kept", "#212529", ["#ffffff"], "#212529"],
    ["a light colour is darkened", "#fab005", ["#ffffff"], "not #fab005"],
    ["white on white turns into the lightest grey that reads", "#ffffff", ["#ffffff"], "#757575"],
  ] as const)("readableOn: %s", (_case, color, backgrounds, expected) => {
    const result = readableOn(color, backgrounds);
    if (expected.startsWith("not ")) expect(result).not.toBe(expected.slice(4));
    else expect(result).toBe(expected);
    expect(lowest(result, backgrounds)).toBeGreaterThanOrEqual(4.5);
  });

  it("sets Mantine's variables of every palette and of dimmed, placeholder, link and error text", () => {
    const { light } = cssVariablesResolver(fullTheme);
    expect(light["--mantine-color-dimmed"]).toBe(dimmedColor);
    expect(light["--mantine-color-placeholder"]).toBe(dimmedColor);
    expect(light["--mantine-color-anchor"]).toBe(textColorOf(DEFAULT_THEME.colors.indigo));
    expect(light["--mantine-color-error"]).toBe(textColorOf(DEFAULT_THEME.colors.red));
    for (const [name] of palettes) {
      for (const part of ["filled", "filled-hover", "text", "outline", "light-color"])
        expect(light[`--mantine-color-${name}-${part}`], `${name}-${part}`).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it.each([
    ["filled", "#fab005", { color: darkTextColor }],
    ["filled", "#364fc7", { color: lightTextColor }],
    ["filled", "yellow.6", { color: darkTextColor }],
    ["filled", "indigo.7", { color: lightTextColor }],
  ] as const)("variant %s of %s", (variant, color, expected) => {
    expect(variantColorResolver({ variant, color, theme: fullTheme })).toMatchObject(expected);
  });

  it.each(["light", "outline", "subtle", "transparent", "white"] as const)(
    "variant %s of a #rrggbb colour or a shade writes words that read",
    (variant) => {
      for (const color of ["#fab005", "#40c057", "yellow.9", "orange.8"]) {
        const words = variantColorResolver({ variant, color, theme: fullTheme }).color;
        expect(lowest(words!, ["#ffffff"]), `${variant} ${color}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
