import { lazy, Suspense } from "react";
import { FullPageLoader } from "../../components/full-page-loader";

// Pages reached only from an e-mailed link: each in its own chunk, off the app's first load.
const InvitationPage = lazy(() =>
  import("../../features/auth/components/invitation-page").then((module) => ({ default: module.InvitationPage })),
);
const VerifyEmailPage = lazy(() =>
  import("../../features/auth/components/verify-email-page").then((module) => ({ default: module.VerifyEmailPage })),
);

export function InvitationRoute() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <InvitationPage />
    </Suspense>
  );
}

export function VerifyEmailRoute() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <VerifyEmailPage />
    </Suspense>
  );
}
