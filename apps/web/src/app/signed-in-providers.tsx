import "@mantine/dates/styles.css";
import "dayjs/locale/it";
import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * The providers only the signed-in screens use, fetched with the shell rather than with the first load: the date
 * pickers in the interface language, weeks starting on Monday (ARCHITECTURE.md "Time"), and the confirmation dialogs.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  useDialogFocusReturn();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <ModalsProvider>{children}</ModalsProvider>
    </DatesProvider>
  );
}

/**
 * Closing any dialog gives the focus back to the control that opened it (decision 036). The watcher comes with the
 * signed-in screens, the only ones with dialogs, in a chunk of its own fetched once they are drawn.
 */
function useDialogFocusReturn() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import("../lib/dialog-focus-return").then((module) => {
      if (!left) stop = module.returnFocusToDialogOpeners(document);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, []);
}
