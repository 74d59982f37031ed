import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { signedOutTextKeys, type TextArea, textPart } from "../src/lib/i18n-parts.ts";

const sourceRoot = join(import.meta.dirname, "..", "src");

/** The modules each area of the signed-in texts starts from, relative to src/ (src/lib/i18n-parts.ts). */
export const textAreaRoots: Record<TextArea, string[]> = {
  shell: ["app/shell-layout.tsx", "app/routes/shell-routes.tsx"],
  profile: ["app/routes/profile-route.tsx"],
  board: ["features/board/components/board-page.tsx"],
  teamPlan: ["features/team-plan/components/team-plan-page.tsx"],
  dashboard: ["features/dashboard/components/dashboard-page.tsx"],
  projects: ["features/projects/components/projects-page.tsx"],
  projectDetail: ["features/projects/components/detail/project-detail-page.tsx"],
  organization: ["features/organization/components/organization-page.tsx"],
  customers: ["features/customers/components/customers-page.tsx"],
  workflows: ["features/workflows/components/workflows-page.tsx"],
  roles: ["features/roles/components/roles-page.tsx"],
  users: ["features/users/components/users-page.tsx"],
  userDetails: ["features/users/components/user-details-page.tsx"],
  overheads: ["features/overheads/components/overheads-page.tsx"],
  timesheet: ["features/reports/components/timesheet-page.tsx"],
  approvals: ["features/approvals/components/approvals-page.tsx"],
  audit: ["features/audit/components/audit-page.tsx"],
  twoFactor: ["features/two-factor/components/second-factor-step.tsx", "app/routes/two-factor-enrolment-route.tsx"],
  holidays: ["features/holidays/components/holidays-page.tsx"],
  timeOff: ["features/time-off/components/time-off-page.tsx"],
  integrations: ["features/integrations/components/integrations-page.tsx"],
  subscription: ["features/subscription/components/subscription-page.tsx"],
  webhooks: ["features/webhooks/components/webhooks-page.tsx"],
  googleCalendar: ["features/board/google/google-layer.tsx", "features/board/google/gcalendar-source.tsx"],
  boardDialogs: [
    "features/board/event-form/event-form-modal.tsx",
    "features/board/side-panel/side-panel.tsx",
    // The board's keys: their announcements and dialogs come with the first of them (decision 033).
    "features/board/keyboard/board-keyboard.tsx",
  ],
  itemSources: ["features/board/item-sources/item-source.tsx"],
  writeBack: ["features/board/write-back/write-back-mark.tsx", "features/board/write-back/write-back-section.tsx"],
  commandPalette: ["features/command-palette/components/command-palette.tsx"],
};

/**
 * Areas drawn inside another area's page, fetched later than it (the board's Google Calendar, its event form and side
 * panel, the shell's command palette): the page's sources stop at their roots, so that their texts are not fetched with the page.
 */
const nestedAreas: readonly TextArea[] = [
  "googleCalendar",
  "boardDialogs",
  "writeBack",
  "itemSources",
  // The command palette, drawn in the shell, fetched when first opened.
  "commandPalette",
];

/**
 * The app's own modules a module imports, statically or, when `dynamic`, with `import()` (relative imports; `import
 * type` left out).
 */
function relativeImports(file: string, dynamic: boolean): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']/gm),
    ...(dynamic ? text.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g) : []),
  ].map((match) => match[1] as string);
  const found: string[] = [];
  for (const specifier of specifiers) {
    const base = resolve(dirname(file), specifier);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
    const path = candidates.find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate));
    if (path) found.push(path);
  }
  return found;
}

/**
 * Every module reachable from `roots` (paths relative to src/), following the `import()`s of the modules for which
 * `followsLazyImports` says so (all of them unless told), and not entering `stopsAt` (absolute paths).
 */
export function sourcesFrom(
  roots: readonly string[],
  followsLazyImports: (file: string) => boolean = () => true,
  stopsAt: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const queue = roots.map((root) => join(sourceRoot, root));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...relativeImports(file, followsLazyImports(file)).filter((imported) => !stopsAt.has(imported)));
  }
  return seen;
}

/** The roots of the nested areas other than `area`, as paths: where `area`'s sources stop. */
function nestedRootsBesides(area: TextArea): Set<string> {
  return new Set(
    nestedAreas
      .filter((nested) => nested !== area)
      .flatMap((nested) => textAreaRoots[nested].map((root) => join(sourceRoot, root))),
  );
}

/**
 * The keys a source names, to their second level ("screens.login"): t("x.y…"), i18nKey="x.y…", and keys written as
 * data ("x.y"); a key built from a prefix (t(`x.${…}`)) stands for the whole of its top level ("x").
 */
export function keysIn(file: string, topLevel: ReadonlySet<string>): string[] {
  const text = readFileSync(file, "utf8");
  const patterns = [
    /\bt\(\s*["'`]([A-Za-z0-9_]+)\.([A-Za-z0-9_]*)/g,
    /i18nKey=["']([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)/g,
    /["'`]([a-zA-Z]+)\.([a-zA-Z0-9_]+)(?:\.[a-zA-Z0-9_]+)*["'`]/g,
  ];
  const keys = new Set<string>();
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const [, top, child] = match;
      if (top && topLevel.has(top)) keys.add(child ? `${top}.${child}` : top);
    }
  }
  return [...keys];
}

/** Whether `keys` ("x" or "x.y") hold `key`. */
export function holds(keys: ReadonlySet<string>, key: string): boolean {
  return keys.has(key) || keys.has(key.split(".")[0] as string);
}

export type TextPartName = "signed-out" | TextArea | "rest";

/**
 * The keys of each part: the signed-out ones (listed in src/lib/i18n-parts.ts), then each area's, found in the sources
 * it reaches, less what an earlier part holds; `rest` is everything else.
 */
export function textAreaKeys(texts: Record<string, unknown>): Map<TextPartName, Set<string>> {
  const topLevel = new Set(Object.keys(texts));
  const parts = new Map<TextPartName, Set<string>>([["signed-out", new Set(signedOutTextKeys)]]);
  const taken = new Set<string>(signedOutTextKeys);
  const shellKeys = new Set<string>();
  for (const [area, roots] of Object.entries(textAreaRoots) as [TextArea, string[]][]) {
    const keys = new Set<string>();
    for (const file of sourcesFrom(roots, undefined, nestedRootsBesides(area))) {
      for (const key of keysIn(file, topLevel)) if (!holds(taken, key) && !holds(shellKeys, key)) keys.add(key);
    }
    parts.set(area, keys);
    // A page's keys may repeat another page's (each fetches its own), never the shell's or the signed-out ones.
    if (area === "shell") for (const key of keys) shellKeys.add(key);
  }
  return parts;
}

/** The texts of one part. */
export function textsOfPart(
  texts: Record<string, unknown>,
  part: TextPartName,
  parts: Map<TextPartName, Set<string>> = textAreaKeys(texts),
): Record<string, unknown> {
  if (part !== "rest") return textPart(texts, parts.get(part) ?? [], "signed-out");
  const named = new Set<string>();
  for (const [name, keys] of parts) if (name !== "rest") for (const key of keys) named.add(key);
  return textPart(texts, named, "signed-in");
}
