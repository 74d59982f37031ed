import { appendFileSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type Result = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** The WCAG 2.1 levels A and AA, the success criteria of 2.0 included (decision 017). */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The impacts that fail a journey; "minor" and "moderate" findings are printed by `axeFindings` only. */
const failing = new Set(["serious", "critical"]);

export interface AxeCheckOptions {
  /**
   * CSS selectors of the only parts to check, such as an open dialog whose page behind was checked already: what an
   * open modal covers is out of reach, and checking it again costs seconds on a big page.
   */
  include?: string[];
  /** CSS selectors of parts of the page that this check leaves out, each with its reason in the caller. */
  exclude?: string[];
  /** Rules that this check leaves out, each with its reason in the caller. */
  disableRules?: string[];
}

/**
 * Waits until the page is still: Mantine's modals, drawers and menus fade and slide in with CSS transitions, and
 * a colour-contrast check on a half-opaque dialog measures colours that nobody reads. Still means, for 150 ms on
 * end, no transition or finite animation running and every open dialog and menu fully opaque (a transition may start
 * a moment after the dialog is in the page); endless animations (loaders) never end, so they do not count.
 */
export async function untilStill(page: Page) {
  await page.waitForFunction(
    () => {
      const clock = window as unknown as { axeStillSince?: number };
      const fading = (element: Element | null): boolean =>
        element !== null && (getComputedStyle(element).opacity !== "1" || fading(element.parentElement));
      const moving =
        document
          .getAnimations()
          .some(
            (a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          ) ||
        [...document.querySelectorAll('[role="dialog"], [role="menu"]')].some(
          (element) => element.checkVisibility() && fading(element),
        );
      if (moving) clock.axeStillSince = undefined;
      else clock.axeStillSince ??= performance.now();
      const still = clock.axeStillSince !== undefined && performance.now() - clock.axeStillSince >= 150;
      if (still) clock.axeStillSince = undefined;
      return still;
    },
    undefined,
    { polling: 50, timeout: 15_000 },
  );
}

/** Runs axe-core on what the page shows now, with the WCAG 2.1 A and AA rules. */
export async function axeFindings(page: Page, options: AxeCheckOptions = {}): Promise<Result[]> {
  await untilStill(page);
  let builder = new AxeBuilder({ page }).withTags(wcagTags);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  return results.violations;
}

/** One line per violation and one per element it was found on: rule, impact, help text, where, and why. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `    at ${n.target.join(" ")}\n       ${n.failureSummary?.replace(/\n/g, "\n       ") ?? ""}`)
        .join("\n");
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : "";
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n");
}

/**
 * Fails the test when axe-core finds a serious or critical WCAG 2.1 A/AA violation on what the page shows now,
 * naming `label` (the page or dialog) with each rule, its impact, the elements and the help text. The failure is
 * soft: a walk through many screens reports every screen's findings in one run, and the test still fails.
 * For a developer: AXE_TIMES=1 prints how long each check took, AXE_REPORT=<file> appends each failing element as a
 * JSON line, to sort a long run's findings.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, options: AxeCheckOptions = {}) {
  const started = Date.now();
  const serious = (await axeFindings(page, options)).filter((v) => failing.has(v.impact ?? ""));
  if (process.env.AXE_TIMES) console.log(`axe ${label}: ${Date.now() - started} ms`);
  if (process.env.AXE_REPORT) {
    for (const v of serious)
      for (const n of v.nodes)
        appendFileSync(
          process.env.AXE_REPORT,
          `${JSON.stringify({ label, id: v.id, impact: v.impact, target: n.target.join(" "), html: n.html.slice(0, 300), summary: n.failureSummary })}\n`,
        );
  }
  // The rule and its elements in the comparison, the whole story in the message.
  const found = serious.map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect.soft(found, `accessibility of ${label}:\n${describeViolations(serious)}`).toEqual([]);
}
