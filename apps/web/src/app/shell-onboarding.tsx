import type { User } from "@timetrap/domain";
import { OnboardingInvitations } from "../features/invitations/components/onboarding-invitations";
import { OnboardingDialog } from "../features/onboarding/components/onboarding-dialog";

/** The onboarding dialog with the invitations it offers: fetched only while a user still has a step to take. */
export function ShellOnboarding({ user }: { user: User }) {
  return <OnboardingDialog user={user} invitations={<OnboardingInvitations user={user} />} />;
}
