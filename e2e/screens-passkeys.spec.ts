import { request as apiRequest, type Browser, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { openSignedIn } from "./support/helpers.ts";
import { addVirtualAuthenticator, createPasskeyUser, startLocalhostServer } from "./support/localhost-server.ts";
import { shot as screenShot } from "./support/screens.ts";

/**
 * The passkey screens in both languages, on a desktop and a phone, saved under e2e/screenshots/ for review (and copied
 * to PASSKEY_SCREENSHOTS when set): the sign-in button and its calm notice, the profile's Passkeys section with a
 * synced passkey and one of this device, the name dialog with its notices, renaming and the removal's confirmation.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

const shot = (page: Page, language: string, name: string) =>
  screenShot(page, language, name, { copyTo: process.env.PASSKEY_SCREENSHOTS });

/**
 * The person closes the browser's passkey dialog: the browser answers NotAllowedError, as it does for a cancel. The
 * virtual authenticator only ever accepts, so the page's WebAuthn calls are made to refuse.
 */
const refuseCeremonies = (page: Page) =>
  page.evaluate(() => {
    const refuse = () =>
      Promise.reject(new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"));
    navigator.credentials.create = refuse;
    navigator.credentials.get = refuse;
  });

let server: Awaited<ReturnType<typeof startLocalhostServer>>;
test.beforeAll(async () => {
  server = await startLocalhostServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function openContext(browser: Browser, language: "en" | "it", viewport: typeof desktop) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: language === "it" ? "it-IT" : "en-US",
    viewport,
  });
  return { context, page: await context.newPage() };
}

for (const language of ["en", "it"] as const) {
  test(`passkey sign-in button (${language})`, async ({ browser }) => {
    const t = texts[language];
    for (const [viewport, suffix] of [
      [desktop, ""],
      [phone, "-phone"],
    ] as const) {
      const { context, page } = await openContext(browser, language, viewport);
      try {
        await page.addInitScript((l) => localStorage.setItem("language", l), language);
        await page.goto("/login");
        const button = page.getByRole("button", { name: t.screens.login.passkey.button });
        await expect(button).toBeVisible();
        await shot(page, language, `93-login-passkey${suffix}`);
        if (!suffix) {
          await refuseCeremonies(page);
          await button.click();
          await expect(page.getByText(t.screens.login.passkey.cancelled)).toBeVisible();
          await shot(page, language, "94-login-passkey-cancelled");
        }
      } finally {
        await context.close();
      }
    }
  });

  test(`profile's passkeys, the name dialog, renaming and removing (${language})`, async ({ browser }) => {
    const t = texts[language];
    const p = t.screens.profile.passkeys;
    const api = await apiRequest.newContext({ baseURL: server.baseURL });
    const account = await createPasskeyUser(api, language, language === "it" ? "Marta Colombo" : "Martha Collins");
    const { context, page } = await openContext(browser, language, desktop);
    try {
      const laptop = await addVirtualAuthenticator(context, page);
      await openSignedIn(page, account.token, `/user/${account.uid}/profile`, language);
      const section = page.getByRole("region", { name: p.title });
      await expect(section.getByText(p.empty)).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await shot(page, language, "95-profile-passkeys-empty");

      const add = async (name: string) => {
        await section.getByRole("button", { name: p.add }).click();
        const dialog = page.getByRole("dialog", { name: p.addTitle });
        await dialog.getByRole("textbox", { name: p.name }).fill(name);
        await dialog.getByRole("button", { name: p.continue }).click();
        return dialog;
      };

      await section.getByRole("button", { name: p.add }).click();
      const dialog = page.getByRole("dialog", { name: p.addTitle });
      await expect(dialog).toBeVisible();
      await shot(page, language, "96-passkey-name-dialog");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      const laptopName = language === "it" ? "Portatile di lavoro" : "Work laptop";
      await add(laptopName);
      await expect(page.getByText(fill(p.addedToast, { name: laptopName }))).toBeVisible();
      // The same authenticator again: it already holds a passkey of the account, and the server excluded it.
      await add(language === "it" ? "Ancora il portatile" : "Laptop again");
      await expect(dialog.getByText(p.failures.alreadyRegistered)).toBeVisible();
      await shot(page, language, "97-passkey-name-dialog-already-registered");
      await page.keyboard.press("Escape");

      await laptop.remove();
      await addVirtualAuthenticator(context, page, { synced: true });
      const phoneName = language === "it" ? "Telefono di Marta" : "Martha's phone";
      await add(phoneName);
      await expect(page.getByText(fill(p.addedToast, { name: phoneName }))).toBeVisible();
      await expect(section.getByTestId("passkey-row")).toHaveCount(2);
      await expect(section.getByText(p.synced)).toBeVisible();

      await refuseCeremonies(page);
      await add(language === "it" ? "Chiavetta" : "Security key");
      await expect(dialog.getByText(p.failures.cancelled)).toBeVisible();
      await shot(page, language, "98-passkey-name-dialog-cancelled");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      await page.waitForTimeout(600);
      await section.scrollIntoViewIfNeeded();
      await shot(page, language, "99-profile-passkeys");

      await section.getByRole("button", { name: fill(p.renameLabel, { name: laptopName }) }).click();
      await expect(page.getByRole("dialog", { name: p.renameTitle })).toBeVisible();
      await shot(page, language, "99a-passkey-rename-dialog");
      await page.keyboard.press("Escape");

      await section.getByRole("button", { name: fill(p.removeLabel, { name: phoneName }) }).click();
      await expect(page.getByRole("dialog", { name: p.confirmRemoveTitle })).toBeVisible();
      await shot(page, language, "99b-passkey-remove-confirmation");
      await page.keyboard.press("Escape");

      // The sidebar chooses its width when the page loads.
      await page.setViewportSize(phone);
      await page.reload();
      await expect(section.getByTestId("passkey-row")).toHaveCount(2);
      await section.scrollIntoViewIfNeeded();
      await shot(page, language, "99c-profile-passkeys-phone");
      await section.getByRole("button", { name: p.add }).click();
      await expect(dialog).toBeVisible();
      await shot(page, language, "99d-passkey-name-dialog-phone");
    } finally {
      await context.close();
      await api.dispose();
    }
  });
}
