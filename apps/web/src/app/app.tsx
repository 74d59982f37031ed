import { useState } from "react";
import { BrowserRouter } from "react-router";
import { useConfig } from "../api/get-config";
import { ChatWidget } from "../features/external-scripts/external-scripts";
import { AppProvider } from "./provider";
import { createQueryClient } from "./query-client";
import { AppRoutes } from "./router";

function ExternalScripts() {
  const config = useConfig();
  return <ChatWidget url={config.data?.chatScriptUrl} />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <ExternalScripts />
      </BrowserRouter>
    </AppProvider>
  );
}
