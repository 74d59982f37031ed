import { mkdirSync } from "node:fs";
import { type APIRequestContext, request as apiRequest, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { openSignedIn, password } from "./support/helpers.ts";
import { addVirtualAuthenticator, createPasskeyUser, startLocalhostServer } from "./support/localhost-server.ts";
import { screensSaved } from "./support/screens.ts";
import { totpCode } from "./support/two-factor.ts";

/**
 * The passkey as the sign-in's second step (decisions 018 and 019), in both languages, with Chromium's virtual
 * authenticator: a person with a password adds a passkey from the profile, logs out, signs in with e-mail and
 * password, and confirms with the passkey; then, with the authenticator app turned on too, the passkey is offered
 * beside the code and still confirms. The step is saved on a desktop and a phone under PASSKEY_STEP_SHOTS (or
 * e2e/screenshots/).
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };
const shots = process.env.PASSKEY_STEP_SHOTS ?? "screenshots";

let server: Awaited<ReturnType<typeof startLocalhostServer>>;
test.beforeAll(async () => {
  server = await startLocalhostServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const shootStep = async (page: Page, name: string) => {
  if (!screensSaved) return;
  mkdirSync(shots, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}-desktop.png` });
  await page.setViewportSize(phone);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}-phone.png` });
  await page.setViewportSize(desktop);
};

const sessionToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("session") ?? "{}") as { token?: string }).token ?? "");

const expectSignedInAs = async (page: Page, api: APIRequestContext, uid: string) => {
  await expect(page).toHaveURL(new RegExp(`/user/${uid}/`));
  const me = await api.get("/api/v1/auth/me", { headers: { authorization: `Bearer ${await sessionToken(page)}` } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { uid: string }).uid).toBe(uid);
};

for (const language of ["en", "it"] as const) {
  test(`a person with a password and a passkey confirms the sign-in with the passkey at the second step (${language})`, async ({
    browser,
  }) => {
    const t = texts[language];
    const p = t.screens.profile.passkeys;
    const step = t.twoFactor.signIn;
    const login = t.screens.login;
    const api = await apiRequest.newContext({ baseURL: server.baseURL });
    const nominative = language === "it" ? "Marta Bassi" : "Martha Bass";
    const account = await createPasskeyUser(api, language, nominative);
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: language === "it" ? "it-IT" : "en-US",
      viewport: desktop,
    });
    const page = await context.newPage();
    try {
      const authenticator = await addVirtualAuthenticator(context, page);
      await openSignedIn(page, account.token, `/user/${account.uid}/profile`, language);

      const section = page.getByRole("region", { name: p.title });
      await section.getByRole("button", { name: p.add }).click();
      const dialog = page.getByRole("dialog", { name: p.addTitle });
      const name = language === "it" ? "Portatile di casa" : "Home laptop";
      await dialog.getByRole("textbox", { name: p.name }).fill(name);
      await dialog.getByRole("button", { name: p.continue }).click();
      await expect(page.getByText(fill(p.addedToast, { name }))).toBeVisible();
      await expect(section.getByTestId("passkey-row")).toHaveCount(1);
      expect(await authenticator.credentials()).toHaveLength(1);

      // Within the app throughout: a new page load would run the set-up's script again, storing an ended token.
      const logOut = async () => {
        await page.getByRole("button", { name: t.components.sidebar.profileMenu }).click();
        await page.getByRole("menuitem", { name: t.menu.logout }).click();
        await page
          .getByRole("dialog", { name: t.components.logout.title })
          .getByRole("button", { name: t.components.logout.confirm })
          .click();
        await expect(page).toHaveURL(/\/login$/);
      };
      const enterPassword = async () => {
        await page.getByLabel(login.email).fill(account.email);
        await page.getByRole("textbox", { name: login.password, exact: true }).fill(password);
        await page.getByRole("button", { name: login.login, exact: true }).click();
        await expect(page.getByRole("heading", { name: step.title })).toBeVisible();
      };

      // The passkey is the only second factor: it is the way shown, and no code is asked.
      await logOut();
      await enterPassword();
      await expect(page.getByText(step.passkeyHint)).toBeVisible();
      await expect(page.getByRole("textbox", { name: step.codeLabel })).toHaveCount(0);
      await shootStep(page, `${language}-passkey-only`);
      await page.getByRole("button", { name: step.usePasskey }).click();
      await expectSignedInAs(page, api, account.uid);

      // With the authenticator app turned on too, the code is asked first and the passkey is offered beside it.
      const headers = { authorization: `Bearer ${await sessionToken(page)}` };
      const setup = await api.post("/api/v1/auth/totp/setup", { headers });
      expect(setup.status()).toBe(200);
      const { secret } = (await setup.json()) as { secret: string };
      const enable = await api.post("/api/v1/auth/totp/enable", { headers, data: { code: totpCode(secret) } });
      expect(enable.status()).toBe(200);

      await logOut();
      await enterPassword();
      await expect(page.getByRole("textbox", { name: step.codeLabel })).toBeVisible();
      await expect(page.getByRole("button", { name: step.useRecoveryCode })).toBeVisible();
      await shootStep(page, `${language}-passkey-beside-code`);
      await page.getByRole("button", { name: step.usePasskey }).click();
      await expectSignedInAs(page, api, account.uid);
    } finally {
      await context.close();
      await api.dispose();
    }
  });
}
