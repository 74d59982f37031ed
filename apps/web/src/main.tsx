import "@mantine/core/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadPageOf } from "./app/pages";
import { textsReady } from "./lib/i18n";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// The page's own code and the reader's texts are fetched side by side; the app draws once the texts are in. (No
// top-level await: it would turn off the bundler's merging of small shared chunks.)
preloadPageOf(window.location.pathname);
void textsReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

if (import.meta.env.PROD) {
  // Its notice and its check are nothing the first page draws.
  void import("./features/app-update/register-service-worker").then((module) => module.registerServiceWorker());
}
