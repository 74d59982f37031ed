import { AppShell } from "@mantine/core";
import { onboardingStep } from "@timetrap/domain";
import { useState } from "react";
import { Outlet, useNavigate } from "react-router";
import { useConfig } from "../api/get-config";
import { logOut } from "../features/auth/api/log-out";
import { SaveBrowserTimeZone } from "../features/board/time-zone/save-browser-time-zone";
import { TimerWidget } from "../features/board/timer/timer-widget";
import { ChangelogModal } from "../features/changelog/components/changelog-modal";
import { useNewChangelog } from "../features/changelog/new-changelog";
import { CookieConsentBanner } from "../features/cookie-consent/components/cookie-consent-banner";
import { TagManager } from "../features/external-scripts/external-scripts";
import { AccountNotices } from "../features/invitations/components/account-notices";
import { OnboardingInvitations } from "../features/invitations/components/onboarding-invitations";
import { OnboardingDialog } from "../features/onboarding/components/onboarding-dialog";
import { confirmLogout } from "../features/shell/components/confirm-logout";
import { Sidebar } from "../features/shell/components/sidebar";
import { TaskModalHost } from "../features/tasks/components/task-modal-host";
import { useSession, useSignedInUser } from "../lib/session";

/** Spec part 1 §2 "Shell and sidebar": 200 px wide, 70 px collapsed. */
export const sidebarWidth = { expanded: 200, collapsed: 70 } as const;

export function ShellLayout() {
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
      padding="xl"
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
      />
      <AppShell.Main>
        <AccountNotices user={user} />
        <Outlet />
      </AppShell.Main>
      <OnboardingDialog user={user} invitations={<OnboardingInvitations user={user} />} />
      <ChangelogModal
        opened={changelogOpened || (onboardingDone && autoOpenChangelog && !changelogDismissed)}
        onClose={() => {
          setChangelogOpened(false);
          setChangelogDismissed(true);
        }}
        version={version}
      />
      {/* Spec part 1 §2 "Task modal": ?modal=task opens it on any page of the shell. */}
      {onboardingDone && <TaskModalHost />}
      {/* Spec part 1 §2 and §4 "Session": the running timer is fetched once the shell starts, on every page. */}
      {onboardingDone && <TimerWidget userId={user.uid} />}
      {onboardingDone && <CookieConsentBanner user={user} />}
      {onboardingDone && <SaveBrowserTimeZone user={user} />}
      <TagManager url={config.data?.tagManagerUrl} consentAccepted={consentAccepted} />
    </AppShell>
  );
}
