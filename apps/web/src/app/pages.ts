import { loadTextArea } from "../lib/i18n";
import type { TextArea } from "../lib/i18n-parts";
import { lazyComponent } from "../lib/lazy-component";

/**
 * Every page of the app, each fetched with its route in a chunk of its own (decision 016): the first load carries
 * the providers, the router and the guards, and a page brings what only it draws (FullCalendar with the board,
 * Chart.js with the report pages, the date pickers with the forms that have them).
 */
/** A signed-in page's code, with the texts of its area (src/lib/i18n-parts.ts) fetched beside it. */
function withTexts<T>(area: TextArea, code: Promise<T>): Promise<T> {
  return Promise.all([code, loadTextArea(area)]).then(([module]) => module);
}

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
  // Two-factor sign-in (decision 018): the code step of the sign-in screens, fetched once a password asks for it, and
  // the enrolment page of a member whose organization requires a second factor.
  secondFactorStep: lazyComponent(() =>
    withTexts("twoFactor", import("../features/two-factor/components/second-factor-step")).then(
      (module) => module.SecondFactorStep,
    ),
  ),
  twoFactorEnrolment: lazyComponent(() =>
    withTexts("twoFactor", import("./routes/two-factor-enrolment-route")).then(
      (module) => module.TwoFactorEnrolmentRoute,
    ),
  ),
  // Public documents, each with both languages' text.
  terms: lazyComponent(() => import("../features/legal/components/terms-page").then((module) => module.TermsPage)),
  privacy: lazyComponent(() =>
    import("../features/legal/components/privacy-page").then((module) => module.PrivacyPage),
  ),
  help: lazyComponent(() => import("../features/help/components/help-page").then((module) => module.HelpPage)),
  // The signed-in shell (sidebar, timer, notices, dialogs) and its pages.
  // With its texts, which the first load leaves out (as every signed-in page below).
  shell: lazyComponent(() => withTexts("shell", import("./shell-layout")).then((module) => module.ShellLayout)),
  requireRole: lazyComponent(() => import("./routes/shell-routes").then((module) => module.RequireRole)),
  userIndex: lazyComponent(() => import("./routes/shell-routes").then((module) => module.UserIndex)),
  shellNotFound: lazyComponent(() => import("./routes/shell-routes").then((module) => module.ShellNotFound)),
  comingSoon: lazyComponent(() => import("./routes/shell-routes").then((module) => module.ComingSoon)),
  profile: lazyComponent(() =>
    withTexts("profile", import("./routes/profile-route")).then((module) => module.ProfileRoute),
  ),
  board: lazyComponent(() =>
    withTexts("board", import("../features/board/components/board-page")).then((module) => module.BoardPage),
  ),
  teamPlan: lazyComponent(() =>
    withTexts("teamPlan", import("../features/team-plan/components/team-plan-page")).then(
      (module) => module.TeamPlanPage,
    ),
  ),
  dashboard: lazyComponent(() =>
    withTexts("dashboard", import("../features/dashboard/components/dashboard-page")).then(
      (module) => module.DashboardPage,
    ),
  ),
  projects: lazyComponent(() =>
    withTexts("projects", import("../features/projects/components/projects-page")).then(
      (module) => module.ProjectsPage,
    ),
  ),
  projectDetail: lazyComponent(() =>
    withTexts("projectDetail", import("../features/projects/components/detail/project-detail-page")).then(
      (module) => module.ProjectDetailPage,
    ),
  ),
  organization: lazyComponent(() =>
    withTexts("organization", import("../features/organization/components/organization-page")).then(
      (module) => module.OrganizationPage,
    ),
  ),
  customers: lazyComponent(() =>
    withTexts("customers", import("../features/customers/components/customers-page")).then(
      (module) => module.CustomersPage,
    ),
  ),
  workflows: lazyComponent(() =>
    withTexts("workflows", import("../features/workflows/components/workflows-page")).then(
      (module) => module.WorkflowsPage,
    ),
  ),
  roles: lazyComponent(() =>
    withTexts("roles", import("../features/roles/components/roles-page")).then((module) => module.RolesPage),
  ),
  users: lazyComponent(() =>
    withTexts("users", import("../features/users/components/users-page")).then((module) => module.UsersPage),
  ),
  userDetails: lazyComponent(() =>
    withTexts("userDetails", import("../features/users/components/user-details-page")).then(
      (module) => module.UserDetailsPage,
    ),
  ),
  overheads: lazyComponent(() =>
    withTexts("overheads", import("../features/overheads/components/overheads-page")).then(
      (module) => module.OverheadsPage,
    ),
  ),
  audit: lazyComponent(() =>
    withTexts("audit", import("../features/audit/components/audit-page")).then((module) => module.AuditPage),
  ),
  holidays: lazyComponent(() =>
    withTexts("holidays", import("../features/holidays/components/holidays-page")).then(
      (module) => module.HolidaysPage,
    ),
  ),
  integrations: lazyComponent(() =>
    withTexts("integrations", import("../features/integrations/components/integrations-page")).then(
      (module) => module.IntegrationsPage,
    ),
  ),
  subscription: lazyComponent(() =>
    withTexts("subscription", import("../features/subscription/components/subscription-page")).then(
      (module) => module.SubscriptionPage,
    ),
  ),
  webhooks: lazyComponent(() =>
    withTexts("webhooks", import("../features/webhooks/components/webhooks-page")).then(
      (module) => module.WebhooksPage,
    ),
  ),
  timeOff: lazyComponent(() =>
    withTexts("timeOff", import("../features/time-off/components/time-off-page")).then((module) => module.TimeOffPage),
  ),
  approvals: lazyComponent(() =>
    withTexts("approvals", import("../features/approvals/components/approvals-page")).then(
      (module) => module.ApprovalsPage,
    ),
  ),
  timesheet: lazyComponent(() =>
    withTexts("timesheet", import("../features/reports/components/timesheet-page")).then(
      (module) => module.TimesheetPage,
    ),
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
