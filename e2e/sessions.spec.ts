import { type Browser, devices, expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { baseURL } from "./playwright.config.ts";
import { createOnboardedUser, password } from "./support/helpers.ts";

const texts = { en, it };
const firefoxOnLinux = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** A browser of its own (its own storage), as a second device would be. */
async function openDevice(browser: Browser, language: "en" | "it", userAgent: string) {
  const context = await browser.newContext({
    ...devices["Desktop Chrome"],
    baseURL,
    viewport: { width: 1366, height: 860 },
    locale: language === "it" ? "it-IT" : "en-US",
    userAgent,
  });
  return { context, page: await context.newPage() };
}

async function logIn(page: Page, email: string, language: "en" | "it") {
  const login = texts[language].screens.login;
  await page.goto("/login");
  await page.getByLabel(login.email).fill(email);
  await page.getByRole("textbox", { name: login.password, exact: true }).fill(password);
  await page.getByRole("button", { name: login.login, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/[0-9a-f-]+\/board$/);
}

for (const language of ["en", "it"] as const) {
  test(`a person signed in on two devices ends the other one from the profile, which is sent to the login (${language})`, async ({
    browser,
    request,
  }) => {
    const t = texts[language];
    const s = t.screens.profile.sessions;
    const nominative = language === "it" ? "Rita Levi-Montalcini" : "Dorothy Hodgkin";
    const account = await createOnboardedUser(request, { nominative });
    const headers = { authorization: `Bearer ${account.token}` };
    expect((await request.patch(`/api/v1/user/${account.uid}`, { headers, data: { language } })).status()).toBe(200);
    // The set-up's own session ends, so that the profile shows the two browsers only.
    expect((await request.post("/api/v1/auth/logout", { headers })).status()).toBe(204);

    const laptop = await openDevice(browser, language, devices["Desktop Chrome"].userAgent);
    const other = await openDevice(browser, language, firefoxOnLinux);
    try {
      await logIn(laptop.page, account.email, language);
      await logIn(other.page, account.email, language);

      await laptop.page.goto(`/user/${account.uid}/profile`);
      const section = laptop.page.getByRole("region", { name: s.title });
      const rows = section.getByTestId("session-row");
      await expect(rows).toHaveCount(2);
      const here = t.screens.profile.sessions.device.replace("{{browser}}", "Chrome").replace("{{os}}", "Windows");
      const there = t.screens.profile.sessions.device.replace("{{browser}}", "Firefox").replace("{{os}}", "Linux");
      // Newest sign-in first: the other device signed in last.
      await expect(rows.nth(0)).toContainText(there);
      await expect(rows.nth(1)).toContainText(here);
      await expect(rows.nth(1)).toContainText(s.thisDevice);
      await expect(rows.nth(1).getByRole("button")).toHaveCount(0);

      await rows
        .nth(0)
        .getByRole("button", { name: s.signOutDevice.replace("{{device}}", there) })
        .click();
      await expect(laptop.page.getByText(s.ended.replace("{{device}}", there))).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(section.getByText(s.noOthers)).toBeVisible();

      // The other device learns at its next request, whatever page it is on.
      await other.page.getByRole("link", { name: nominative }).click();
      await expect(other.page).toHaveURL(/\/login$/);
      expect(await other.page.evaluate(() => localStorage.getItem("session"))).toBeNull();
      await expect(other.page.getByRole("button", { name: t.screens.login.login, exact: true })).toBeVisible();

      // The first device is still signed in.
      await laptop.page.reload();
      await expect(laptop.page.getByRole("region", { name: s.title }).getByTestId("session-row")).toHaveCount(1);
    } finally {
      await laptop.context.close();
      await other.context.close();
    }
  });
}

test("logging out ends the session on the server: a copy of the token stops working", async ({ page, request }) => {
  const account = await createOnboardedUser(request);
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/board$/);
  const copied = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("session") ?? "{}") as { token: string }).token,
  );
  const bearer = { authorization: `Bearer ${copied}` };
  expect((await request.get("/api/v1/auth/me", { headers: bearer })).status()).toBe(200);

  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  expect((await request.get("/api/v1/auth/me", { headers: bearer })).status()).toBe(401);
});
