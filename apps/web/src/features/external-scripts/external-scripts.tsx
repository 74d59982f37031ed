import { useEffect } from "react";
import { loadScript } from "../../lib/load-script";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The chat-support widget: loaded only when the server configures its script URL. */
export function ChatWidget({ url }: { url: string | null | undefined }) {
  useEffect(() => {
    if (!url) return;
    loadScript(url).catch((error: unknown) => console.error(error));
  }, [url]);
  return null;
}

/** Tag-manager analytics: loaded only when configured and only after the user accepted cookies. */
export function TagManager({ url, consentAccepted }: { url: string | null | undefined; consentAccepted: boolean }) {
  useEffect(() => {
    if (!url || !consentAccepted) return;
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    loadScript(url).catch((error: unknown) => console.error(error));
  }, [url, consentAccepted]);
  return null;
}
