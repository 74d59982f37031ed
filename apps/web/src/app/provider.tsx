import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import "dayjs/locale/it";
import { i18n } from "../lib/i18n";
import { SessionProvider } from "../lib/session";
import { theme } from "./theme";

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <LocalizedDates>
            <ModalsProvider>
              {/* Spec part 1 §8: toasts appear at the bottom left. */}
              <Notifications position="bottom-left" zIndex={1000} />
              <SessionProvider>{children}</SessionProvider>
            </ModalsProvider>
          </LocalizedDates>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}

/** Date pickers in the interface language, weeks starting on Monday (ARCHITECTURE.md "Time"). */
function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  return <DatesProvider settings={{ locale: current.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
