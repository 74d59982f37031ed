import { lazy, Suspense } from "react";
import { FullPageLoader } from "../../components/full-page-loader";

// Each document ships in its own chunk with both languages, so none of it weighs on the app's first load.
const TermsPage = lazy(() =>
  import("../../features/legal/components/terms-page").then((module) => ({ default: module.TermsPage })),
);
const PrivacyPage = lazy(() =>
  import("../../features/legal/components/privacy-page").then((module) => ({ default: module.PrivacyPage })),
);
const HelpPage = lazy(() =>
  import("../../features/help/components/help-page").then((module) => ({ default: module.HelpPage })),
);

export function TermsRoute() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <TermsPage />
    </Suspense>
  );
}

export function PrivacyRoute() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <PrivacyPage />
    </Suspense>
  );
}

export function HelpRoute() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <HelpPage />
    </Suspense>
  );
}
