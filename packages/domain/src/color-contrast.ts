import { defaultEventColor, type EventType } from "./event-types.js";

/**
 * WCAG 2.2 contrast (success criteria 1.4.3 and 1.4.11): text needs 4.5:1 against its background, large text and the
 * parts of a control 3:1. The board writes every tile in black or white, whichever reads better on its colour.
 */
export const minimumTextContrast = 4.5;
export const minimumGraphicContrast = 3;

/**
 * Black and white, not a softer dark grey: of all the backgrounds a person may pick, the one halfway between the two
 * (relative luminance near 0.18) still gives one of them 4.58:1. A grey as dark as #1a1b1e would leave such a
 * background at 4.2:1, below the 4.5 text needs.
 */
export const darkTextColor = "#000000";
export const lightTextColor = "#ffffff";
export type TextColor = typeof darkTextColor | typeof lightTextColor;

/**
 * Planning blocks are drawn as this share of their colour mixed into white, in sRGB as CSS `color-mix(in srgb …)`
 * does (decision 007): a plan is a wash of its colour, logged work is solid.
 */
export const planningTintShare = 0.18;

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** `#rrggbb` or `#rgb`, any case; anything else is not a colour this rule reads. */
function parseHex(color: string): Rgb | null {
  const hex = color.trim().replace(/^#/, "");
  const full = /^[0-9a-f]{3}$/i.test(hex)
    ? [...hex].map((digit) => digit + digit).join("")
    : /^[0-9a-f]{6}$/i.test(hex)
      ? hex
      : null;
  if (full === null) return null;
  const value = Number.parseInt(full, 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}

function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG's relative luminance: the sRGB channels made linear, weighted as the eye sees them. */
export function relativeLuminance(color: string): number {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`Not a #rrggbb colour: ${color}`);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(rgb.r) + 0.7152 * linear(rgb.g) + 0.0722 * linear(rgb.b);
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white); the order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** A colour this rule cannot read (the server only stores `#rrggbb`) is taken as the events' default. */
function readableOrDefault(color: string): string {
  return parseHex(color) ? color.trim().toLowerCase() : defaultEventColor;
}

/** Black or white text on `background`, whichever has the higher contrast; a tie goes to white. */
export function readableTextColor(background: string): TextColor {
  const color = readableOrDefault(background);
  return contrastRatio(lightTextColor, color) >= contrastRatio(darkTextColor, color) ? lightTextColor : darkTextColor;
}

/** `share` of `color` mixed into white, channel by channel in sRGB, rounded as a browser paints it. */
export function tintOf(color: string, share: number): string {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`Not a #rrggbb colour: ${color}`);
  const mix = (channel: number) => Math.round(channel * share + 255 * (1 - share));
  return toHex({ r: mix(rgb.r), g: mix(rgb.g), b: mix(rgb.b) });
}

export interface TileColors {
  /** The tile's fill: the event's colour, or for a planning block its tint. */
  background: string;
  /** The colour of every word and sign on the tile (title, times, logged time, the timer's button and icon). */
  text: TextColor;
}

/** The colours a board tile is drawn in: its fill and the text that reads on it. */
export function tileColors(event: { color: string; event_type: EventType }): TileColors {
  const color = readableOrDefault(event.color);
  const background = event.event_type === "planning" ? tintOf(color, planningTintShare) : color;
  return { background, text: readableTextColor(background) };
}
