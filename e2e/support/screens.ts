import { cpSync, mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

/**
 * Whether the screens journeys save their pictures. They are for people to look at (README "Screens"): on a machine
 * of one's own always, in CI (`CI` set) only when `SCREENS` asks for them (`SCREENS=1`). The journeys walk the same
 * screens and make the same checks either way; a CI run without pictures skips the pause that lets a transition end
 * before each one, and the encoding of a few hundred PNGs.
 */
export const screensSaved = !process.env.CI || Boolean(process.env.SCREENS);

/** Where the pictures go: `SCREENS_DIR`, else e2e/screenshots. */
export const screensFolder = process.env.SCREENS_DIR ?? "screenshots";

export interface ShotOptions {
  /** The whole page rather than the viewport. */
  fullPage?: boolean;
  /** Milliseconds to wait first: modals and toasts fade in, and the picture should show the settled screen. */
  settleMs?: number;
  /** Another folder to copy the picture to. */
  copyTo?: string;
}

/** Saves what the page shows as `{language}-{name}.png`, when pictures are saved (`screensSaved`). */
export async function shot(page: Page, language: string, name: string, options: ShotOptions = {}): Promise<void> {
  if (!screensSaved) return;
  const { fullPage = false, settleMs = 400, copyTo } = options;
  await page.waitForTimeout(settleMs);
  const path = `${screensFolder}/${language}-${name}.png`;
  await page.screenshot({ path, fullPage });
  if (copyTo) {
    mkdirSync(copyTo, { recursive: true });
    cpSync(path, `${copyTo}/${language}-${name}.png`);
  }
}
