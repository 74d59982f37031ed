import { request as apiRequest, expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { openSignedIn } from "./support/helpers.ts";
import { addVirtualAuthenticator, createPasskeyUser, startLocalhostServer } from "./support/localhost-server.ts";

/**
 * Passkeys end to end (decision 019), in both languages, with Chromium's virtual authenticator: a person adds a
 * passkey from the profile, signs out, and signs in with the passkey alone, typing no e-mail and no password.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");

let server: Awaited<ReturnType<typeof startLocalhostServer>>;
test.beforeAll(async () => {
  server = await startLocalhostServer();
});
test.afterAll(async () => {
  await server?.stop();
});

for (const language of ["en", "it"] as const) {
  test(`a person adds a passkey from the profile, signs out, and signs in with it alone (${language})`, async ({
    browser,
  }) => {
    const t = texts[language];
    const p = t.screens.profile.passkeys;
    const api = await apiRequest.newContext({ baseURL: server.baseURL });
    const nominative = language === "it" ? "Elena Ferri" : "Ellen Ferris";
    const account = await createPasskeyUser(api, language, nominative);
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: language === "it" ? "it-IT" : "en-US",
    });
    const page = await context.newPage();
    try {
      const authenticator = await addVirtualAuthenticator(context, page);
      await openSignedIn(page, account.token, `/user/${account.uid}/profile`, language);

      const section = page.getByRole("region", { name: p.title });
      await expect(section.getByText(p.empty)).toBeVisible();
      await section.getByRole("button", { name: p.add }).click();
      const dialog = page.getByRole("dialog", { name: p.addTitle });
      // A name is asked first; without one the browser's dialog does not open.
      await dialog.getByRole("button", { name: p.continue }).click();
      await expect(dialog.getByText(p.nameRequired)).toBeVisible();
      const name = language === "it" ? "Portatile di lavoro" : "Work laptop";
      await dialog.getByRole("textbox", { name: p.name }).fill(name);
      await dialog.getByRole("button", { name: p.continue }).click();

      await expect(page.getByText(fill(p.addedToast, { name }))).toBeVisible();
      await expect(dialog).toBeHidden();
      const row = section.getByTestId("passkey-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(name);
      await expect(row).toContainText(p.neverUsed);
      const [credential, ...others] = await authenticator.credentials();
      expect(others).toEqual([]);
      // A discoverable passkey, made for this account: it can sign in with no e-mail typed.
      expect(credential?.isResidentCredential).toBe(true);
      expect(Buffer.from(credential!.userHandle!, "base64").toString("utf8")).toBe(account.uid);

      await page.getByRole("button", { name: t.components.sidebar.profileMenu }).click();
      await page.getByRole("menuitem", { name: t.menu.logout }).click();
      await page
        .getByRole("dialog", { name: t.components.logout.title })
        .getByRole("button", {
          name: t.components.logout.confirm,
        })
        .click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem("session"))).toBeNull();

      await page.getByRole("button", { name: t.screens.login.passkey.button }).click();
      // Signed in as the passkey's owner: the app opens their pages, and the token is theirs.
      await expect(page).toHaveURL(new RegExp(`/user/${account.uid}/`));
      const session = await page.evaluate(() => localStorage.getItem("session"));
      const me = await api.get("/api/v1/auth/me", {
        headers: { authorization: `Bearer ${(JSON.parse(session!) as { token: string }).token}` },
      });
      expect(((await me.json()) as { uid: string }).uid).toBe(account.uid);

      // Within the app: a new page load would run the set-up's script again, storing the ended session's token.
      await page.getByRole("link", { name: nominative }).click();
      await expect(section.getByTestId("passkey-row")).toContainText(fill(p.lastUsed, { date: "" }).trim());
    } finally {
      await context.close();
      await api.dispose();
    }
  });
}
