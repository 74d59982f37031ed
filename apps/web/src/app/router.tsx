import type { ParseKeys } from "i18next";
import { type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { FullPageLoader } from "../components/full-page-loader";
import { pages } from "./pages";
import { Landing, RequireSession, SignedOutOnly, SignedOutOrWithToken } from "./routes/guards";

const soon = (title: ParseKeys): ReactNode => <pages.comingSoon title={title} />;

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
        <Route element={<RequireSession />}>
          <Route element={<pages.shell />}>
            <Route path="/user/:userId">
              <Route index element={<pages.userIndex />} />
              <Route path="profile" element={<pages.profile />} />
              <Route element={<pages.requireRole />}>
                <Route path="board" element={<pages.board />} />
                <Route path="teamplan" element={soon("menu.teamPlan")} />
                <Route path="teamplan2" element={soon("menu.teamPlan")} />
                <Route path="teamplan3" element={soon("menu.teamPlan")} />
                <Route path="dashboard" element={<pages.dashboard />} />
                <Route path="integrations" element={soon("pages.integrations")} />
                <Route path="projects" element={<pages.projects />} />
                <Route path="projects/:projectId" element={<pages.projectDetail />} />
                <Route path="*" element={<pages.shellNotFound />} />
              </Route>
            </Route>
            <Route path="/organization/:orgId" element={<pages.requireRole />}>
              <Route index element={<pages.organization />} />
              <Route path="customers" element={<pages.customers />} />
              <Route path="workflows" element={<pages.workflows />} />
              <Route path="subscription" element={soon("menu.subscription")} />
              <Route path="webhooks" element={soon("menu.webhooks")} />
              <Route path="roles" element={<pages.roles />} />
              <Route path="users" element={<pages.users />} />
              <Route path="users/:userId" element={<pages.userDetails />} />
              <Route path="overheads" element={<pages.overheads />} />
              <Route path="reports/timesheet" element={<pages.timesheet />} />
              <Route path="*" element={<pages.shellNotFound />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
