import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** Google Identity Services' button needs its script, frame, styles and calls (its documented CSP). */
const googleSignIn = "https://accounts.google.com/gsi/";

const originOf = (url: string | null) => (url ? [new URL(url).origin] : []);

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: { chatScriptUrl: string | null; tagManagerUrl: string | null; googleClientId: string | null },
): Promise<void> {
  const thirdParty = [...originOf(config.chatScriptUrl), ...originOf(config.tagManagerUrl)];
  const google = config.googleClientId ? [googleSignIn] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...thirdParty, ...google],
        scriptSrcAttr: ["'none'"],
        // Mantine sets style attributes and injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...thirdParty, ...google],
        frameSrc: [...thirdParty, ...google].length > 0 ? [...thirdParty, ...google] : ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    // The Google sign-in popup must be able to report back to the page that opened it.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
}
