import { Box } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { loadScript } from "../../../lib/load-script";

const googleIdentityScript = "https://accounts.google.com/gsi/client";

/** Google's own button (Google Identity Services); the ID token goes to our server, which verifies it. */
export function GoogleSignInButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const handler = useRef(onCredential);
  handler.current = onCredential;
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;

  useEffect(() => {
    let cancelled = false;
    loadScript(googleIdentityScript)
      .then(() => {
        const element = container.current;
        const id = window.google?.accounts.id;
        if (cancelled || !element || !id) return;
        id.initialize({ client_id: clientId, callback: (response) => handler.current(response.credential) });
        element.replaceChildren();
        id.renderButton(element, {
          type: "standard",
          theme: "outline",
          size: "large",
          text: "signin_with",
          shape: "rectangular",
          width: Math.min(element.clientWidth || 358, 400),
          locale: language,
        });
      })
      .catch((error: unknown) => console.error("Google sign-in is unavailable", error));
    return () => {
      cancelled = true;
    };
  }, [clientId, language]);

  return <Box ref={container} mih={44} style={{ display: "flex", justifyContent: "center" }} />;
}
