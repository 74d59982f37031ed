import { expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import en from "../../apps/web/src/locales/en.json" with { type: "json" };
import it from "../../apps/web/src/locales/it.json" with { type: "json" };
import { password } from "./helpers.ts";

const texts = { en, it };
const step = 30_000;

/** The authenticator app's code, as a phone whose clock is `offsetSteps` steps ahead would show it. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * step });
}

/**
 * Goes through the QR code step of an enrolment (the profile's dialog or the enrolment page) as a person with a phone
 * would: reads the key shown for typing, confirms with the app's code, keeps the recovery codes and says they are
 * saved. Answers the key and the codes.
 */
export async function enrolTotp(page: Page, language: "en" | "it") {
  const t = texts[language].twoFactor;
  const key = page.getByTestId("totp-secret");
  await expect(key).toHaveText(/^[A-Z2-7 ]{20,}$/);
  const secret = (await key.innerText()).replaceAll(" ", "");
  await expect(page.getByRole("img", { name: t.setup.qrLabel })).toBeVisible();
  await page.getByRole("textbox", { name: t.setup.codeLabel }).fill(totpCode(secret));
  await page.getByRole("button", { name: t.setup.turnOn }).click();
  const list = page.getByTestId("recovery-codes");
  await expect(list.locator("p")).toHaveCount(10);
  const recoveryCodes = (await list.locator("p").allInnerTexts()).map((code) => code.trim());
  await expect(page.getByRole("button", { name: t.recoveryCodes.done })).toBeDisabled();
  await page.getByRole("checkbox", { name: t.recoveryCodes.saved }).check();
  await page.getByRole("button", { name: t.recoveryCodes.done }).click();
  return { secret, recoveryCodes };
}

/** The sign-in screen's first step: e-mail and password. */
export async function enterPassword(page: Page, email: string, language: "en" | "it") {
  const login = texts[language].screens.login;
  await page.goto("/login");
  await page.getByLabel(login.email).fill(email);
  await page.getByRole("textbox", { name: login.password, exact: true }).fill(password);
  await page.getByRole("button", { name: login.login, exact: true }).click();
}

/** Ends the page's session on the server and in the browser, as signing out does. */
export async function signOut(page: Page) {
  await page.evaluate(async () => {
    const stored = localStorage.getItem("session");
    const token = stored ? (JSON.parse(stored) as { token: string }).token : null;
    if (token) await fetch("/api/v1/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    localStorage.removeItem("session");
  });
}
