import { useTranslation } from "react-i18next";
import { DocumentPage } from "../../../components/document-page";
import en from "../content/privacy.en.md?raw";
import it from "../content/privacy.it.md?raw";

/** The day this text last changed; bump it whenever either language changes. */
const updatedOn = "2026-11-21";

/** /legal/privacy: the default PRIVACY_URL that the onboarding links to. */
export function PrivacyPage() {
  const { t } = useTranslation();
  return <DocumentPage title={t("pages.documents.privacy")} sources={{ it, en }} updatedOn={updatedOn} />;
}
