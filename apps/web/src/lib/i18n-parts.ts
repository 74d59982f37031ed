/**
 * The texts come in two parts per language (decision 016). The first load fetches the signed-out part: the keys below
 * (a top-level key with all it holds, or one of its children), all that the signed-out screens draw (the sign-in and
 * sign-up screens, the e-mailed links' pages, the public documents, the loaders, error states and the update notice).
 * The rest, the signed-in screens' texts, comes with the shell. i18n-parts.test.ts checks, from the sources the
 * signed-out screens import, that none of them uses another key.
 */
export const signedOutTextKeys = [
  "common",
  "queryState",
  "screens.login",
  "screens.lostPassword",
  "screens.changePassword",
  "components.serviceWorker",
  "pages.documents",
  "invitations",
  "invitationPage",
  "verifyEmail",
] as const;

type Texts = { [key: string]: unknown };

/** The part of `texts` that `keys` ("top" or "top.child") name (`signed-out`), or all the rest (`signed-in`). */
export function textPart(texts: Texts, keys: Iterable<string>, part: "signed-out" | "signed-in"): Texts {
  const named = new Map<string, Set<string> | "all">();
  for (const key of keys) {
    const [top, child] = key.split(".") as [string, string | undefined];
    const current = named.get(top);
    if (child === undefined || current === "all") named.set(top, "all");
    else named.set(top, new Set([...(current ?? []), child]));
  }
  const result: Texts = {};
  for (const [top, value] of Object.entries(texts)) {
    const children = named.get(top);
    const wholeIn = children === "all";
    if (!children || wholeIn || typeof value !== "object" || value === null) {
      if ((part === "signed-out") === wholeIn) result[top] = value;
      continue;
    }
    const picked = Object.entries(value).filter(([child]) => children.has(child) === (part === "signed-out"));
    if (picked.length > 0) result[top] = Object.fromEntries(picked);
  }
  return result;
}

/** The two parts together again (they share top-level keys whose children are split). */
export function mergeTextParts(a: Texts, b: Texts): Texts {
  const merged: Texts = { ...a };
  for (const [top, value] of Object.entries(b)) {
    const existing = merged[top];
    merged[top] =
      typeof existing === "object" && existing !== null && typeof value === "object" && value !== null
        ? { ...existing, ...value }
        : value;
  }
  return merged;
}

/**
 * The signed-in screens' texts come in areas: the shell's (with its dialogs), and each page's own, fetched with the
 * page. The build finds the keys each area's sources use (bundle/text-areas.ts names the modules each starts from); a
 * key the signed-out part or the shell's already holds is not repeated. What no area's sources name (a key built at run
 * time) is in the last part, `rest`, fetched the first time a text is missing.
 */
export const textAreas = [
  "shell",
  "profile",
  "board",
  "teamPlan",
  "dashboard",
  "projects",
  "projectDetail",
  "organization",
  "customers",
  "workflows",
  "roles",
  "users",
  "userDetails",
  "overheads",
  "timesheet",
  "approvals",
  "audit",
  "twoFactor",
  "holidays",
  "timeOff",
  "integrations",
  "subscription",
  "webhooks",
  // Google Calendar on the board: its layer and its side panel's source, fetched after the board (decision 029).
  "googleCalendar",
  // The board's event form and side panel, fetched when first opened, not with the board.
  "boardDialogs",
  // The side panel's Todoist, Asana, Paymo and Jira sources, fetched when the panel first shows one (decision 032).
  "itemSources",
  // The time written back to Todoist, Asana, Paymo and Jira: the tiles' mark and the event form's section, fetched when
  // a block from one of them is drawn or opened (decision 032).
  "writeBack",
  // The command palette (Ctrl+K on every page of the shell), fetched when first opened (decision 034).
  "commandPalette",
] as const;

export type TextArea = (typeof textAreas)[number];

/** The modules a signed-out screen starts from, relative to src/ (the test follows their imports). */
export const signedOutScreens = [
  "main.tsx",
  "app/routes/login-route.tsx",
  "app/routes/signup-route.tsx",
  "app/routes/lost-password-route.tsx",
  "app/routes/change-password-route.tsx",
  "features/auth/components/invitation-page.tsx",
  "features/auth/components/verify-email-page.tsx",
  "features/legal/components/terms-page.tsx",
  "features/legal/components/privacy-page.tsx",
  "features/help/components/help-page.tsx",
  "components/language-menu-dropdown.tsx",
  "app/notifications-container.tsx",
  "features/app-update/register-service-worker.tsx",
];
