import type { RouteDefinition } from "./route-scripts.ts";

const KB = 1024;
/** The first screen a visitor sees: sign in or sign up (issue 11). */
export const signedOutBudget = 150 * KB;
/** Any route (issue 11). */
export const routeBudget = 350 * KB;
/**
 * Any route together with one part it fetches later, when asked (a dialog, a tab, the toasts, the language menu): not
 * the budget, which is a route's own scripts, but a ceiling so that no dialog brings a library of its own
 * unnoticed (decision 016).
 */
export const onDemandBudget = 450 * KB;

const shell = "src/app/shell-layout.tsx";
/** A part of the texts (src/lib/i18n-parts.ts), in one language: the largest of the two counts. */
/** The loaders of the signed-in parts of the texts, fetched with the first of them. */
const textLoaders = "virtual:texts/signed-in-loaders";
const texts = (part: string) => [`virtual:texts/it/${part}`, `virtual:texts/en/${part}`];
const shellRoutes = "src/app/routes/shell-routes.tsx";
const inShell = (path: string, page: string, area: string): RouteDefinition => ({
  path,
  // The shell, the role guard, then the page, each with its texts.
  modules: [shell, textLoaders, texts("shell"), shellRoutes, page, texts(area)],
  budget: routeBudget,
});
const signedOut = (path: string, page: string, budget = routeBudget): RouteDefinition => ({
  path,
  modules: [page],
  budget,
});

/** Every route of `src/app/router.tsx` with the lazily loaded modules (`src/app/pages.ts`) it draws. */
export const routes: RouteDefinition[] = [
  signedOut("/login", "src/app/routes/login-route.tsx", signedOutBudget),
  signedOut("/signup", "src/app/routes/signup-route.tsx", signedOutBudget),
  signedOut("/lost-password", "src/app/routes/lost-password-route.tsx"),
  signedOut("/change-password", "src/app/routes/change-password-route.tsx"),
  signedOut("/invitation", "src/features/auth/components/invitation-page.tsx"),
  signedOut("/verify-email", "src/features/auth/components/verify-email-page.tsx"),
  signedOut("/legal/terms", "src/features/legal/components/terms-page.tsx"),
  signedOut("/legal/privacy", "src/features/legal/components/privacy-page.tsx"),
  signedOut("/help", "src/features/help/components/help-page.tsx"),
  // Outside the shell: a session opened for enrolment reaches nothing else (decision 018).
  {
    path: "/two-factor/enrol",
    modules: ["src/app/routes/two-factor-enrolment-route.tsx", texts("twoFactor")],
    budget: routeBudget,
  },
  // Outside the role guard: a user without a role still has a profile.
  {
    path: "/user/:userId/profile",
    modules: [shell, textLoaders, texts("shell"), "src/app/routes/profile-route.tsx", texts("profile")],
    budget: routeBudget,
  },
  inShell("/user/:userId/board", "src/features/board/components/board-page.tsx", "board"),
  inShell("/user/:userId/teamplan3", "src/features/team-plan/components/team-plan-page.tsx", "teamPlan"),
  inShell("/user/:userId/dashboard", "src/features/dashboard/components/dashboard-page.tsx", "dashboard"),
  inShell("/user/:userId/projects", "src/features/projects/components/projects-page.tsx", "projects"),
  inShell(
    "/user/:userId/projects/:projectId",
    "src/features/projects/components/detail/project-detail-page.tsx",
    "projectDetail",
  ),
  inShell("/organization/:orgId", "src/features/organization/components/organization-page.tsx", "organization"),
  inShell("/organization/:orgId/customers", "src/features/customers/components/customers-page.tsx", "customers"),
  inShell("/organization/:orgId/workflows", "src/features/workflows/components/workflows-page.tsx", "workflows"),
  inShell("/organization/:orgId/roles", "src/features/roles/components/roles-page.tsx", "roles"),
  inShell("/organization/:orgId/users", "src/features/users/components/users-page.tsx", "users"),
  inShell("/organization/:orgId/users/:userId", "src/features/users/components/user-details-page.tsx", "userDetails"),
  inShell("/organization/:orgId/overheads", "src/features/overheads/components/overheads-page.tsx", "overheads"),
  inShell("/organization/:orgId/reports/timesheet", "src/features/reports/components/timesheet-page.tsx", "timesheet"),
  inShell("/organization/:orgId/approvals", "src/features/approvals/components/approvals-page.tsx", "approvals"),
  inShell("/organization/:orgId/audit", "src/features/audit/components/audit-page.tsx", "audit"),
  inShell("/organization/:orgId/holidays", "src/features/holidays/components/holidays-page.tsx", "holidays"),
  inShell("/user/:userId/time-off", "src/features/time-off/components/time-off-page.tsx", "timeOff"),
  inShell("/user/:userId/integrations", "src/features/integrations/components/integrations-page.tsx", "integrations"),
  inShell(
    "/organization/:orgId/subscription",
    "src/features/subscription/components/subscription-page.tsx",
    "subscription",
  ),
  inShell("/organization/:orgId/webhooks", "src/features/webhooks/components/webhooks-page.tsx", "webhooks"),
];

/**
 * The password meter's dictionaries (zxcvbn-ts, 2.3 MB, 1.1 MB gzipped): fetched once a person starts typing a new
 * password on the screens that choose one (decision 010), never to draw a route. Counted apart, with a budget of its
 * own, and the test checks that no route loads them with its scripts.
 */
export const passwordDictionaries = "../../packages/domain/src/password-strength.ts";
/** The chunk that holds the dictionaries themselves (a group of vite.config.ts). */
export const passwordDictionariesChunk = "password-dictionaries";
export const passwordDictionariesBudget = 1200 * KB;

/** The signed-out part of each language's texts (src/lib/i18n.ts): the first load fetches the reader's. */
export const languageTexts = texts("signed-out");

/**
 * What the first load fetches after it has drawn: zod with the schemas its requests' answers are checked against (right
 * away, beside those requests), the toasts' container (with the first toast), the language menu (when opened), the
 * service worker's update notice, the chat widget's loader, the texts no part names (when one is missing), the sign-in's code step.
 */
export const loadedLater = [
  "src/lib/answer-schemas.ts",
  // The texts no part's sources name, fetched the first time a text is missing.
  ...texts("rest"),
  "src/app/notifications-container.tsx",
  "src/components/language-menu-dropdown.tsx",
  "src/features/app-update/register-service-worker.tsx",
  // The chat-support widget's loader, where the server configures one.
  "src/features/external-scripts/external-scripts.tsx",
  // The sign-in's code step, once a password (or a reset link) asks for it (decision 018); its texts come with it.
  "src/features/two-factor/components/second-factor-step.tsx",
];
