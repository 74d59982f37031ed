import { onboardingStep } from "@timetrap/domain";
import type { ParseKeys } from "i18next";
import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, Outlet, Route, Routes, useParams } from "react-router";
import { LoadingState } from "../components/query-states";
import { BoardPage } from "../features/board/components/board-page";
import { CustomersPage } from "../features/customers/components/customers-page";
import { OrganizationPage } from "../features/organization/components/organization-page";
import { OverheadsPage } from "../features/overheads/components/overheads-page";
import { ProfilePage } from "../features/profile/components/profile-page";
import { ProjectDetailPage } from "../features/projects/components/detail/project-detail-page";
import { ProjectsPage } from "../features/projects/components/projects-page";
import { RolesPage } from "../features/roles/components/roles-page";
import { ComingSoonPage, NoRolePage, NotFoundPage } from "../features/shell/components/page-placeholder";
import { UserDetailsPage } from "../features/users/components/user-details-page";
import { UsersPage } from "../features/users/components/users-page";
import { WorkflowsPage } from "../features/workflows/components/workflows-page";
import { useSignedInUser } from "../lib/session";
import { ChangePasswordRoute, LoginRoute, LostPasswordRoute, SignupRoute } from "./routes/auth-routes";
import { HelpRoute, PrivacyRoute, TermsRoute } from "./routes/document-routes";
import { Landing, RequireSession, SignedOutOnly, SignedOutOrWithToken } from "./routes/guards";
import { InvitationRoute, VerifyEmailRoute } from "./routes/link-routes";
import { ShellLayout } from "./shell-layout";

/**
 * Spec part 1 §6: everything in the shell needs a user with a role. During onboarding the dialog is
 * the page, so nothing is drawn behind it; a user still without a role afterwards is told why.
 */
function RequireRole() {
  const user = useSignedInUser();
  if (user.role) return <Outlet />;
  return onboardingStep(user) === null ? <NoRolePage /> : null;
}

function ProfileRoute() {
  return <ProfilePage user={useSignedInUser()} />;
}

function ShellNotFound() {
  const user = useSignedInUser();
  return <NotFoundPage homePath={`/user/${user.uid}/board`} />;
}

function UserIndex() {
  const { userId } = useParams();
  return <Navigate to={`/user/${userId}/board`} replace />;
}

const soon = (title: ParseKeys): ReactNode => <ComingSoonPage title={title} />;

// The report pages draw charts and big tables: they load with their route, not with the app (decision 013).
const DashboardPage = lazy(() =>
  import("../features/dashboard/components/dashboard-page").then((module) => ({ default: module.DashboardPage })),
);
const TimesheetPage = lazy(() =>
  import("../features/reports/components/timesheet-page").then((module) => ({ default: module.TimesheetPage })),
);

const lazyPage = (page: ReactNode): ReactNode => <Suspense fallback={<LoadingState />}>{page}</Suspense>;

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Landing />} />
      {/* Public documents: the server's default TERMS_URL, PRIVACY_URL and KNOWLEDGE_BASE_URL; no session needed. */}
      <Route path="/legal/terms" element={<TermsRoute />} />
      <Route path="/legal/privacy" element={<PrivacyRoute />} />
      <Route path="/help" element={<HelpRoute />} />
      <Route element={<SignedOutOnly backToOrigin />}>
        <Route path="/login" element={<LoginRoute />} />
      </Route>
      <Route element={<SignedOutOnly />}>
        <Route path="/signup" element={<SignupRoute />} />
        <Route path="/lost-password" element={<LostPasswordRoute />} />
      </Route>
      <Route element={<SignedOutOrWithToken />}>
        <Route path="/change-password" element={<ChangePasswordRoute />} />
        <Route path="/invitation" element={<InvitationRoute />} />
        <Route path="/verify-email" element={<VerifyEmailRoute />} />
      </Route>
      <Route element={<RequireSession />}>
        <Route element={<ShellLayout />}>
          <Route path="/user/:userId">
            <Route index element={<UserIndex />} />
            <Route path="profile" element={<ProfileRoute />} />
            <Route element={<RequireRole />}>
              <Route path="board" element={<BoardPage />} />
              <Route path="teamplan" element={soon("menu.teamPlan")} />
              <Route path="teamplan2" element={soon("menu.teamPlan")} />
              <Route path="teamplan3" element={soon("menu.teamPlan")} />
              <Route path="dashboard" element={lazyPage(<DashboardPage />)} />
              <Route path="integrations" element={soon("pages.integrations")} />
              <Route path="projects" element={<ProjectsPage />} />
              <Route path="projects/:projectId" element={<ProjectDetailPage />} />
              <Route path="*" element={<ShellNotFound />} />
            </Route>
          </Route>
          <Route path="/organization/:orgId" element={<RequireRole />}>
            <Route index element={<OrganizationPage />} />
            <Route path="customers" element={<CustomersPage />} />
            <Route path="workflows" element={<WorkflowsPage />} />
            <Route path="subscription" element={soon("menu.subscription")} />
            <Route path="webhooks" element={soon("menu.webhooks")} />
            <Route path="roles" element={<RolesPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:userId" element={<UserDetailsPage />} />
            <Route path="overheads" element={<OverheadsPage />} />
            <Route path="reports/timesheet" element={lazyPage(<TimesheetPage />)} />
            <Route path="*" element={<ShellNotFound />} />
          </Route>
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
