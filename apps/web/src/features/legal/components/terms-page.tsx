import { useTranslation } from "react-i18next";
import { DocumentPage } from "../../../components/document-page";
import en from "../content/terms.en.md?raw";
import it from "../content/terms.it.md?raw";

/** The day this text last changed; bump it whenever either language changes. */
const updatedOn = "2026-11-21";

/** /legal/terms: the default TERMS_URL that the onboarding links to. */
export function TermsPage() {
  const { t } = useTranslation();
  return <DocumentPage title={t("pages.documents.terms")} sources={{ it, en }} updatedOn={updatedOn} />;
}
