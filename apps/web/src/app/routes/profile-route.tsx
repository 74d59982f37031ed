import { SecurityActivitySection } from "../../features/audit/components/security-activity-section";
import { PasskeysSection } from "../../features/passkeys/components/passkeys-section";
import { ProfilePage } from "../../features/profile/components/profile-page";
import { TwoFactorSection } from "../../features/two-factor/components/two-factor-section";
import { useSignedInUser } from "../../lib/session";

export function ProfileRoute() {
  return (
    <ProfilePage
      user={useSignedInUser()}
      security={<TwoFactorSection />}
      passkeys={<PasskeysSection />}
      securityActivity={<SecurityActivitySection />}
    />
  );
}
