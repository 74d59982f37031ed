import { useTranslation } from "react-i18next";
import { DocumentPage } from "../../../components/document-page";
import en from "../content/help.en.md?raw";
import it from "../content/help.it.md?raw";

/** /help: the default KNOWLEDGE_BASE_URL of the sidebar. It describes only what the app does today. */
export function HelpPage() {
  const { t } = useTranslation();
  return <DocumentPage title={t("pages.documents.help")} sources={{ it, en }} />;
}
