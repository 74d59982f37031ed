import { Suspense, useState } from "react";
import { BrowserRouter } from "react-router";
import { useConfig } from "../api/get-config";
import { lazyComponent } from "../lib/lazy-component";
import { AppProvider } from "./provider";
import { createQueryClient } from "./query-client";
import { AppRoutes } from "./router";

/** The chat widget's loader is fetched only where the server configures one: most installations have none. */
const ChatWidget = lazyComponent(() =>
  import("../features/external-scripts/external-scripts").then((module) => module.ChatWidget),
);

function ExternalScripts() {
  const url = useConfig().data?.chatScriptUrl;
  if (!url) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget url={url} />
    </Suspense>
  );
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
