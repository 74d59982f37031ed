import { SecurityActivitySection } from "../../features/audit/components/security-activity-section";
import { ProfilePage } from "../../features/profile/components/profile-page";
import { useSignedInUser } from "../../lib/session";

export function ProfileRoute() {
  return <ProfilePage user={useSignedInUser()} securityActivity={<SecurityActivitySection />} />;
}
