import { type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { FullPageLoader } from "../components/full-page-loader";
import { pages } from "./pages";
import { Landing, RequireEnrolment, RequireSession, SignedOutOnly, SignedOutOrWithToken } from "./routes/guards";
import type { ComingSoonName } from "./routes/shell-routes";

// The pages a later version fills, named here and titled by shell-routes.tsx (their texts come with the shell).
const comingSoon = (page: ComingSoonName): ReactNode => <pages.comingSoon page={page} />;

/**
 * Every page is fetched with its route (`pages`); the guards and the session check are all the first load carries
 * besides the providers. Inside the shell a page still loading shows the shell's own loader (shell-layout.tsx).
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Routes>
        <Route path="/" element={<Landing />} />
        {/* Public documents: the server's default TERMS_URL, PRIVACY_URL and KNOWLEDGE_BASE_URL; no session needed. */}
        <Route path="/legal/terms" element={<pages.terms />} />
        <Route path="/legal/privacy" element={<pages.privacy />} />
        <Route path="/help" element={<pages.help />} />
        <Route element={<SignedOutOnly backToOrigin />}>
          <Route path="/login" element={<pages.login />} />
        </Route>
        <Route element={<SignedOutOnly />}>
          <Route path="/signup" element={<pages.signup />} />
          <Route path="/lost-password" element={<pages.lostPassword />} />
        </Route>
        <Route element={<SignedOutOrWithToken />}>
          <Route path="/change-password" element={<pages.changePassword />} />
          <Route path="/invitation" element={<pages.invitation />} />
          <Route path="/verify-email" element={<pages.verifyEmail />} />
        </Route>
        <Route element={<RequireEnrolment />}>
          <Route path="/two-factor/enrol" element={<pages.twoFactorEnrolment />} />
        </Route>
        <Route element={<RequireSession />}>
          <Route element={<pages.shell />}>
            <Route path="/user/:userId">
              <Route index element={<pages.userIndex />} />
              <Route path="profile" element={<pages.profile />} />
              <Route element={<pages.requireRole />}>
                <Route path="board" element={<pages.board />} />
                <Route path="teamplan" element={comingSoon("teamPlan")} />
                <Route path="teamplan2" element={comingSoon("teamPlan")} />
                <Route path="teamplan3" element={<pages.teamPlan />} />
                <Route path="dashboard" element={<pages.dashboard />} />
                <Route path="time-off" element={<pages.timeOff />} />
                <Route path="integrations" element={<pages.integrations />} />
                <Route path="projects" element={<pages.projects />} />
                <Route path="projects/:projectId" element={<pages.projectDetail />} />
                <Route path="*" element={<pages.shellNotFound />} />
              </Route>
            </Route>
            <Route path="/organization/:orgId" element={<pages.requireRole />}>
              <Route index element={<pages.organization />} />
              <Route path="customers" element={<pages.customers />} />
              <Route path="workflows" element={<pages.workflows />} />
              <Route path="subscription" element={<pages.subscription />} />
              <Route path="webhooks" element={<pages.webhooks />} />
              <Route path="roles" element={<pages.roles />} />
              <Route path="users" element={<pages.users />} />
              <Route path="users/:userId" element={<pages.userDetails />} />
              <Route path="overheads" element={<pages.overheads />} />
              <Route path="holidays" element={<pages.holidays />} />
              <Route path="reports/timesheet" element={<pages.timesheet />} />
              <Route path="approvals" element={<pages.approvals />} />
              <Route path="audit" element={<pages.audit />} />
              <Route path="*" element={<pages.shellNotFound />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
