import { onboardingStep } from "@timetrap/domain";
import type { ParseKeys } from "i18next";
import { Navigate, Outlet, useParams } from "react-router";
import { ComingSoonPage, NoRolePage, NotFoundPage } from "../../features/shell/components/page-placeholder";
import { useSignedInUser } from "../../lib/session";

/**
 * Spec part 1 §6: everything in the shell needs a user with a role. During onboarding the dialog is
 * the page, so nothing is drawn behind it; a user still without a role afterwards is told why.
 */
export function RequireRole() {
  const user = useSignedInUser();
  if (user.role) return <Outlet />;
  return onboardingStep(user) === null ? <NoRolePage /> : null;
}

export function ShellNotFound() {
  const user = useSignedInUser();
  return <NotFoundPage homePath={`/user/${user.uid}/board`} />;
}

export function UserIndex() {
  const { userId } = useParams();
  return <Navigate to={`/user/${userId}/board`} replace />;
}

const comingSoonTitles = {
  teamPlan: "menu.teamPlan",
} as const satisfies Record<string, ParseKeys>;

export type ComingSoonName = keyof typeof comingSoonTitles;

export function ComingSoon({ page }: { page: ComingSoonName }) {
  return <ComingSoonPage title={comingSoonTitles[page]} />;
}
