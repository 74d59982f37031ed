import "@mantine/dates/styles.css";
import "dayjs/locale/it";
import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The providers only the signed-in screens use, fetched with the shell rather than with the first load: the date
 * pickers in the interface language, weeks starting on Monday (ARCHITECTURE.md "Time"), and the confirmation dialogs.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <ModalsProvider>{children}</ModalsProvider>
    </DatesProvider>
  );
}
