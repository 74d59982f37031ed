import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from "@mantine/core";
import { contrastRatio, darkTextColor, lightTextColor, minimumTextContrast } from "@timetrap/domain";
import { i18n } from "../lib/i18n";

/**
 * Colours that read (WCAG 2.1 AA, 4.5:1 for text; decision 017): Mantine's palettes put light shades where
 * text goes (its grey "dimmed" text, its links and primary buttons, a yellow or green badge's words). The theme keeps
 * the palettes and picks, for each place a colour is written, the shade or darkening of it that reads on what it is
 * written on.
 */
const primaryShade = 6;
const { gray } = DEFAULT_THEME.colors;

/** What text is written on outside a coloured surface: cards and modals (white), the shell and table heads (greys). */
export const pageBackgrounds = ["#ffffff", gray[0], gray[1]] as const;

const isHex = (color: string) => /^#[0-9a-f]{6}$/i.test(color);

/** `color` with `share` (0 to 1) of black mixed in, as `#rrggbb`. */
function towardsBlack(color: string, share: number): string {
  const value = Number.parseInt(color.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((value >> shift) & 0xff) * (1 - share))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** `share` of `color` over white, as a translucent fill (`rgba(color, share)`) shows on a white page. */
function overWhite(color: string, share: number): string {
  const value = Number.parseInt(color.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((value >> shift) & 0xff) * share + 255 * (1 - share))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** The lightest darkening of `color`, in steps of 2% black, that reads at 4.5:1 on every one of `backgrounds`. */
export function readableOn(color: string, backgrounds: readonly string[]): string {
  for (let step = 0; step <= 50; step++) {
    const candidate = towardsBlack(color, step / 50);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= minimumTextContrast))
      return candidate;
  }
  return darkTextColor;
}

/**
 * A filled surface (a primary or red button, a filled badge, a segmented control's choice, a checked box): white
 * words, as Mantine writes them, on the first shade from the primary one on that gives them 4.5:1; a colour too light
 * for white words even at its darkest shade (yellow, lime, orange, green) is darkened from that shade until they read.
 */
export function filledColors(palette: MantineColorsTuple): { background: string; hover: string; text: string } {
  const background =
    palette.slice(primaryShade).find((shade) => contrastRatio(lightTextColor, shade) >= minimumTextContrast) ??
    readableOn(palette[9]!, [lightTextColor]);
  const index = palette.indexOf(background);
  return {
    background,
    hover: index >= 0 && index < 9 ? palette[index + 1]! : towardsBlack(background, 0.1),
    text: lightTextColor,
  };
}

/** The words of a colour on the page: `c="red"`, links, outlined and subtle controls. */
export const textColorOf = (palette: MantineColorsTuple) => readableOn(palette[primaryShade]!, pageBackgrounds);

/** The words of a "light" badge, alert or button: the darkest shade (or darker) on the colour's lightest tint. */
export const lightColorOf = (palette: MantineColorsTuple) => readableOn(palette[9]!, [palette[1]!, ...pageBackgrounds]);

/** Grey secondary text ("dimmed") and placeholders. */
export const dimmedColor = readableOn(gray[6], pageBackgrounds);

/** Mantine's colour variables, in the light scheme, set to the colours above for every palette of the theme. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    "--mantine-color-dimmed": dimmedColor,
    "--mantine-color-placeholder": dimmedColor,
    "--mantine-color-anchor": textColorOf(theme.colors[theme.primaryColor]!),
    "--mantine-color-error": textColorOf(theme.colors.red!),
  };
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (!Array.isArray(palette) || !palette.every(isHex)) continue;
    const filled = filledColors(palette as MantineColorsTuple);
    const text = textColorOf(palette as MantineColorsTuple);
    light[`--mantine-color-${name}-filled`] = filled.background;
    light[`--mantine-color-${name}-filled-hover`] = filled.hover;
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = lightColorOf(palette as MantineColorsTuple);
  }
  return { variables: {}, light, dark: {} };
};

/**
 * A colour given as `#rrggbb` or as a palette shade, which the variables above do not reach: on a filled surface
 * black or white words, whichever reads better; written on the page, on white or on its own light tint, darkened
 * until it reads.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const result = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const named = parsed.isThemeColor && parsed.shade === undefined;
  if (input.variant === "filled") {
    if (named) return result;
    if (!isHex(parsed.value)) return result;
    const white = contrastRatio(lightTextColor, parsed.value) >= contrastRatio(darkTextColor, parsed.value);
    return { ...result, color: white ? lightTextColor : darkTextColor };
  }
  if (input.variant === "white")
    return {
      ...result,
      color: named
        ? `var(--mantine-color-${parsed.color}-text)`
        : isHex(parsed.value)
          ? readableOn(parsed.value, ["#ffffff"])
          : result.color,
    };
  if (named || !isHex(parsed.value)) return result;
  if (input.variant === "light")
    return { ...result, color: readableOn(parsed.value, [overWhite(parsed.value, 0.12), ...pageBackgrounds]) };
  if (input.variant === "outline" || input.variant === "subtle" || input.variant === "transparent") {
    const color = readableOn(parsed.value, pageBackgrounds);
    return { ...result, color, ...(input.variant === "outline" ? { border: `1px solid ${color}` } : {}) };
  }
  return result;
};

/**
 * The close and clear buttons Mantine draws inside modals, drawers, alerts and inputs carry only an icon: they are
 * named in the reader's language wherever a component does not name them itself.
 */
const closeLabel = () => ({ closeButtonProps: { "aria-label": i18n.t("common.close") } });
const clearLabel = () => ({ clearButtonProps: { "aria-label": i18n.t("common.clear") } });

export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: primaryShade, dark: 5 },
  // The focus ring shows on keyboard focus (`:focus-visible`), not on a click.
  focusRing: "auto",
  // A reader who asked their system for less motion gets modals, menus and drawers without their fades and slides.
  respectReducedMotion: true,
  variantColorResolver,
  defaultRadius: "md",
  fontFamily:
    "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: {
    fontFamily:
      "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontWeight: "700",
  },
  components: {
    Button: { defaultProps: { radius: "md" } },
    TextInput: { defaultProps: { size: "md" } },
    PasswordInput: { defaultProps: { size: "md" } },
    Select: { defaultProps: () => ({ size: "md", ...clearLabel() }) },
    MultiSelect: { defaultProps: clearLabel },
    Autocomplete: { defaultProps: clearLabel },
    TagsInput: { defaultProps: clearLabel },
    DateInput: { defaultProps: clearLabel },
    DatePickerInput: { defaultProps: clearLabel },
    DateTimePicker: { defaultProps: clearLabel },
    Modal: { defaultProps: closeLabel },
    Drawer: { defaultProps: closeLabel },
    Notification: { defaultProps: closeLabel },
    // Mantine puts a focusable element with role "presentation" first in a menu, to keep the focus off the first
    // item when a mouse opens it; a menu may hold only its items, and the keyboard's user wants the first one.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Alert: { defaultProps: () => ({ closeButtonLabel: i18n.t("common.close") }) },
    ColorInput: { defaultProps: () => ({ eyeDropperButtonProps: { "aria-label": i18n.t("common.pickColor") } }) },
  },
});
