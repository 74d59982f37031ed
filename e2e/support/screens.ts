import { cpSync, mkdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { addColleague, createOnboardedUser, getMe } from "./helpers.ts";

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

/**
 * The screens' organization: Giulia Bianchi's Studio Bianchi, she reading in `language`, with Luca Verdi (Manager) and
 * Sara Neri (Member) accepted.
 */
export async function createStudio(request: APIRequestContext, language: "en" | "it") {
  const admin = await createOnboardedUser(request, { nominative: "Giulia Bianchi", organization: "Studio Bianchi" });
  const headers = { authorization: `Bearer ${admin.token}` };
  const me = await getMe(request, admin.token);
  await request.patch(`/api/v1/user/${me.uid}`, { headers, data: { language } });
  const luca = await addColleague(request, admin, { roleName: "Manager", nominative: "Luca Verdi" });
  const sara = await addColleague(request, admin, { roleName: "Member", nominative: "Sara Neri" });
  return { admin, headers, me, org: me.organization.uid, luca, sara };
}
