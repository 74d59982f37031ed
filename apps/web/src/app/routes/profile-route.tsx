import { ProfilePage } from "../../features/profile/components/profile-page";
import { TwoFactorSection } from "../../features/two-factor/components/two-factor-section";
import { useSignedInUser } from "../../lib/session";

export function ProfileRoute() {
  return <ProfilePage user={useSignedInUser()} security={<TwoFactorSection />} />;
}
