import { AppShell } from "@mantine/core";
import { onboardingStep } from "@timetrap/domain";
import { Suspense, useState } from "react";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { useConfig } from "../api/get-config";
import { LoadingState } from "../components/query-states";
import { logOut } from "../features/auth/api/log-out";
import { SaveBrowserTimeZone } from "../features/board/time-zone/save-browser-time-zone";
import { TimerWidget } from "../features/board/timer/timer-widget";
import { useNewChangelog } from "../features/changelog/new-changelog";
import { CommandPaletteHost, openCommandPalette } from "../features/command-palette/command-palette-host";
import { TagManager } from "../features/external-scripts/external-scripts";
import { AccountNotices } from "../features/invitations/components/account-notices";
import { confirmLogout } from "../features/shell/components/confirm-logout";
import { Sidebar } from "../features/shell/components/sidebar";
import { lazyComponent, useDrawnOnce } from "../lib/lazy-component";
import { useSession, useSignedInUser } from "../lib/session";
import { SignedInProviders } from "./signed-in-providers";
// The table cards' styles, for every page with a table (components/table-card.css says why here).
import "../components/table-card.css";

// The shell's dialogs come when first opened, not with every page (decision 016); once drawn they stay, so that they
// close with their transition.
const ShellOnboarding = lazyComponent(() => import("./shell-onboarding").then((module) => module.ShellOnboarding));
const ChangelogModal = lazyComponent(() =>
  import("../features/changelog/components/changelog-modal").then((module) => module.ChangelogModal),
);
const TaskModalHost = lazyComponent(() =>
  import("../features/tasks/components/task-modal-host").then((module) => module.TaskModalHost),
);
const CookieConsentBanner = lazyComponent(() =>
  import("../features/cookie-consent/components/cookie-consent-banner").then((module) => module.CookieConsentBanner),
);

/** Spec part 1 §2 "Shell and sidebar": 200 px wide, 70 px collapsed. */
export const sidebarWidth = { expanded: 200, collapsed: 70 } as const;

export function ShellLayout() {
  return (
    <SignedInProviders>
      <Shell />
    </SignedInProviders>
  );
}

function Shell() {
  const user = useSignedInUser();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const config = useConfig();
  // Narrow screens (below the spec's 768 px desktop breakpoint) start with the icon-only sidebar.
  const [collapsed, setCollapsed] = useState(() => window.matchMedia("(max-width: 767px)").matches);
  const [changelogOpened, setChangelogOpened] = useState(false);
  const [changelogDismissed, setChangelogDismissed] = useState(false);

  const consentAccepted = user.cookie_consent === true;
  const version = config.data?.version;
  const autoOpenChangelog = useNewChangelog({ version, consentAccepted });
  const onboardingDone = onboardingStep(user) === null;
  const [searchParams] = useSearchParams();
  const changelogOpen = changelogOpened || (onboardingDone && autoOpenChangelog && !changelogDismissed);
  const drawOnboarding = useDrawnOnce(!onboardingDone);
  const drawChangelog = useDrawnOnce(changelogOpen);
  const drawTaskModal = useDrawnOnce(onboardingDone && searchParams.get("modal") === "task");
  // The banner asks until the user has answered (cookie-consent-banner.tsx).
  const drawCookieBanner = useDrawnOnce(onboardingDone && user.cookie_consent === null);

  const logout = () =>
    confirmLogout(async () => {
      // Also forget the Google account choice so the next visitor is not signed in automatically.
      window.google?.accounts.id.disableAutoSelect();
      await logOut();
      signOut();
      navigate("/", { replace: true });
    });

  return (
    <AppShell
      navbar={{ width: collapsed ? sidebarWidth.collapsed : sidebarWidth.expanded, breakpoint: 0 }}
      // A phone keeps its narrow width for the page: the wide margins come from the 768 px breakpoint up.
      padding={{ base: "sm", sm: "xl" }}
      bg="var(--mantine-color-gray-0)"
    >
      <Sidebar
        user={user}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((value) => !value)}
        version={version}
        knowledgeBaseUrl={config.data?.knowledgeBaseUrl}
        onOpenChangelog={() => setChangelogOpened(true)}
        onLogout={logout}
        onOpenSearch={openCommandPalette}
      />
      {/* The cookie banner, while it asks, and the running timer's widget keep room below the page's last rows
          (cookie-consent-banner.tsx, timer-widget.tsx), so that on a phone neither covers a page's last button. */}
      <AppShell.Main pb="calc(var(--app-shell-padding, 0px) + max(var(--timer-widget-space, 0px), var(--cookie-banner-space, 0px)))">
        <AccountNotices user={user} />
        {/* A page whose code is still on the way: the shell stays, the loader stands where the page will be. */}
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {drawOnboarding && (
        <Suspense fallback={null}>
          <ShellOnboarding user={user} />
        </Suspense>
      )}
      {drawChangelog && (
        <Suspense fallback={null}>
          <ChangelogModal
            opened={changelogOpen}
            onClose={() => {
              setChangelogOpened(false);
              setChangelogDismissed(true);
            }}
            version={version}
          />
        </Suspense>
      )}
      {/* Spec part 1 §2 "Task modal": ?modal=task opens it on any page of the shell. */}
      {drawTaskModal && (
        <Suspense fallback={null}>
          <TaskModalHost />
        </Suspense>
      )}
      {drawCookieBanner && (
        <Suspense fallback={null}>
          <CookieConsentBanner user={user} />
        </Suspense>
      )}
      {/* Spec part 1 §2 and §4 "Session": the running timer is fetched once the shell starts, on every page. */}
      {onboardingDone && <TimerWidget userId={user.uid} />}
      {/* Issue 21: Ctrl+K or ⌘K opens the command palette on every page; its code comes when first opened. */}
      {onboardingDone && <CommandPaletteHost />}
      {onboardingDone && <SaveBrowserTimeZone user={user} />}
      <TagManager url={config.data?.tagManagerUrl} consentAccepted={consentAccepted} />
    </AppShell>
  );
}
