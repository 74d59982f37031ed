import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../lib/i18n";
import { SessionProvider } from "../lib/session";
import { NotificationsHost } from "./notifications-host";
import { cssVariablesResolver, theme } from "./theme";

/** What every page needs. The date pickers' and the dialogs' providers come with the shell (signed-in-providers.tsx). */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <NotificationsHost />
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
