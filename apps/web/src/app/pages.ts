import { loadSignedInTexts } from "../lib/i18n";
import { lazyComponent } from "../lib/lazy-component";

/**
 * Every page of the app, each fetched with its route in a chunk of its own (decision 016): the first load carries
 * the providers, the router and the guards, and a page brings what only it draws (FullCalendar with the board,
 * Chart.js with the report pages, the date pickers with the forms that have them).
 */
export const pages = {
  // Signed out.
  login: lazyComponent(() => import("./routes/login-route").then((module) => module.LoginRoute)),
  signup: lazyComponent(() => import("./routes/signup-route").then((module) => module.SignupRoute)),
  lostPassword: lazyComponent(() => import("./routes/lost-password-route").then((module) => module.LostPasswordRoute)),
  changePassword: lazyComponent(() =>
    import("./routes/change-password-route").then((module) => module.ChangePasswordRoute),
  ),
  // Reached from an e-mailed link.
  invitation: lazyComponent(() =>
    import("../features/auth/components/invitation-page").then((module) => module.InvitationPage),
  ),
  verifyEmail: lazyComponent(() =>
    import("../features/auth/components/verify-email-page").then((module) => module.VerifyEmailPage),
  ),
  // Public documents, each with both languages' text.
  terms: lazyComponent(() => import("../features/legal/components/terms-page").then((module) => module.TermsPage)),
  privacy: lazyComponent(() =>
    import("../features/legal/components/privacy-page").then((module) => module.PrivacyPage),
  ),
  help: lazyComponent(() => import("../features/help/components/help-page").then((module) => module.HelpPage)),
  // The signed-in shell (sidebar, timer, notices, dialogs) and its pages.
  // With the signed-in screens' texts, which the first load leaves out.
  shell: lazyComponent(() =>
    Promise.all([import("./shell-layout"), loadSignedInTexts()]).then(([module]) => module.ShellLayout),
  ),
  requireRole: lazyComponent(() => import("./routes/shell-routes").then((module) => module.RequireRole)),
  userIndex: lazyComponent(() => import("./routes/shell-routes").then((module) => module.UserIndex)),
  shellNotFound: lazyComponent(() => import("./routes/shell-routes").then((module) => module.ShellNotFound)),
  comingSoon: lazyComponent(() => import("./routes/shell-routes").then((module) => module.ComingSoon)),
  profile: lazyComponent(() => import("./routes/profile-route").then((module) => module.ProfileRoute)),
  board: lazyComponent(() => import("../features/board/components/board-page").then((module) => module.BoardPage)),
  dashboard: lazyComponent(() =>
    import("../features/dashboard/components/dashboard-page").then((module) => module.DashboardPage),
  ),
  projects: lazyComponent(() =>
    import("../features/projects/components/projects-page").then((module) => module.ProjectsPage),
  ),
  projectDetail: lazyComponent(() =>
    import("../features/projects/components/detail/project-detail-page").then((module) => module.ProjectDetailPage),
  ),
  organization: lazyComponent(() =>
    import("../features/organization/components/organization-page").then((module) => module.OrganizationPage),
  ),
  customers: lazyComponent(() =>
    import("../features/customers/components/customers-page").then((module) => module.CustomersPage),
  ),
  workflows: lazyComponent(() =>
    import("../features/workflows/components/workflows-page").then((module) => module.WorkflowsPage),
  ),
  roles: lazyComponent(() => import("../features/roles/components/roles-page").then((module) => module.RolesPage)),
  users: lazyComponent(() => import("../features/users/components/users-page").then((module) => module.UsersPage)),
  userDetails: lazyComponent(() =>
    import("../features/users/components/user-details-page").then((module) => module.UserDetailsPage),
  ),
  overheads: lazyComponent(() =>
    import("../features/overheads/components/overheads-page").then((module) => module.OverheadsPage),
  ),
  timesheet: lazyComponent(() =>
    import("../features/reports/components/timesheet-page").then((module) => module.TimesheetPage),
  ),
};

/** The page (and for a signed-in page the shell) that a path draws, fetched before the app has drawn anything. */
export function preloadPageOf(pathname: string): void {
  const signedOut: Record<string, keyof typeof pages> = {
    "/login": "login",
    "/signup": "signup",
    "/lost-password": "lostPassword",
    "/change-password": "changePassword",
    "/invitation": "invitation",
    "/verify-email": "verifyEmail",
    "/legal/terms": "terms",
    "/legal/privacy": "privacy",
    "/help": "help",
  };
  const page = signedOut[pathname.replace(/\/+$/, "") || "/"];
  const preloads = page ? [pages[page].preload()] : [];
  if (/^\/(user|organization)\//.test(pathname)) preloads.push(pages.shell.preload(), pages.requireRole.preload());
  // A failed preload is tried again when the page is drawn, and shown there.
  for (const preload of preloads) preload.catch(() => {});
}
