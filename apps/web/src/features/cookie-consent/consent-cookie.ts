import { getCookie, setCookie } from "../../lib/cookies";

export const consentCookie = "cookie-consent";
/** Spec part 1 §9: the consent cookie lasts 150 days. */
export const consentCookieMaxAgeSeconds = 150 * 24 * 60 * 60;

export function readConsentCookie(): boolean | null {
  const value = getCookie(consentCookie);
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

export function writeConsentCookie(accepted: boolean): void {
  setCookie(consentCookie, String(accepted), { maxAgeSeconds: consentCookieMaxAgeSeconds });
}
