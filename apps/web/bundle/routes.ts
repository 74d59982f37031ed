import type { RouteDefinition } from "./route-scripts.ts";

const KB = 1024;
/** The first screen a visitor sees: sign in or sign up (issue 11). */
export const signedOutBudget = 150 * KB;
/** Any route, and any route with a part it loads on demand (a tab, a dialog). */
export const routeBudget = 350 * KB;

const shell = "src/app/shell-layout.tsx";
/** The signed-in screens' texts, fetched with the shell (src/lib/i18n.ts): one language's. */
const signedInTexts = ["virtual:texts/it/signed-in", "virtual:texts/en/signed-in"];
const shellRoutes = "src/app/routes/shell-routes.tsx";
const inShell = (path: string, page: string): RouteDefinition => ({
  path,
  // The shell, the role guard, then the page.
  modules: [shell, signedInTexts, shellRoutes, page],
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
  // Outside the role guard: a user without a role still has a profile.
  {
    path: "/user/:userId/profile",
    modules: [shell, signedInTexts, "src/app/routes/profile-route.tsx"],
    budget: routeBudget,
  },
  inShell("/user/:userId/board", "src/features/board/components/board-page.tsx"),
  inShell("/user/:userId/dashboard", "src/features/dashboard/components/dashboard-page.tsx"),
  inShell("/user/:userId/projects", "src/features/projects/components/projects-page.tsx"),
  inShell("/user/:userId/projects/:projectId", "src/features/projects/components/detail/project-detail-page.tsx"),
  inShell("/organization/:orgId", "src/features/organization/components/organization-page.tsx"),
  inShell("/organization/:orgId/customers", "src/features/customers/components/customers-page.tsx"),
  inShell("/organization/:orgId/workflows", "src/features/workflows/components/workflows-page.tsx"),
  inShell("/organization/:orgId/roles", "src/features/roles/components/roles-page.tsx"),
  inShell("/organization/:orgId/users", "src/features/users/components/users-page.tsx"),
  inShell("/organization/:orgId/users/:userId", "src/features/users/components/user-details-page.tsx"),
  inShell("/organization/:orgId/overheads", "src/features/overheads/components/overheads-page.tsx"),
  inShell("/organization/:orgId/reports/timesheet", "src/features/reports/components/timesheet-page.tsx"),
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
export const languageTexts = ["virtual:texts/it/signed-out", "virtual:texts/en/signed-out"];

/**
 * What the first load fetches after it has drawn: zod with the schemas its requests' answers are checked against (right
 * away, beside those requests), the toasts' container (with the first toast), the service worker's update notice.
 */
export const loadedLater = [
  "src/lib/answer-schemas.ts",
  "src/app/notifications-container.tsx",
  "src/features/app-update/register-service-worker.tsx",
];
