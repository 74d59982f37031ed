import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { createOnboardedUser, openSignedIn, password } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/** The profile's sessions in both languages, saved under e2e/screenshots/ for review. */
const texts = { en, it };
const devices = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  "curl/8.5.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
];

for (const language of ["en", "it"] as const) {
  test(`profile with its sessions (${language})`, async ({ page, request }) => {
    const s = texts[language].screens.profile.sessions;
    const account = await createOnboardedUser(request, { nominative: "Grace Hopper" });
    const headers = { authorization: `Bearer ${account.token}` };
    await request.patch(`/api/v1/user/${account.uid}`, { headers, data: { language } });
    await request.post("/api/v1/auth/logout", { headers });
    let token = "";
    for (const userAgent of devices) {
      const signIn = await request.post("/api/v1/auth/basic", {
        data: { email: account.email, password },
        headers: { "user-agent": userAgent },
      });
      expect(signIn.status()).toBe(200);
      token = ((await signIn.json()) as { token: string }).token;
    }

    await page.setViewportSize({ width: 1366, height: 1300 });
    await openSignedIn(page, token, `/user/${account.uid}/profile`, language);
    const section = page.getByRole("region", { name: s.title });
    await expect(section.getByTestId("session-row")).toHaveCount(4);
    await expect(section.getByText(s.thisDevice)).toBeVisible();
    await shot(page, language, "60-profile-sessions");
    // The sidebar chooses its width when the page loads.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(section.getByTestId("session-row")).toHaveCount(4);
    await section.scrollIntoViewIfNeeded();
    await shot(page, language, "61-profile-sessions-phone");
    await page.setViewportSize({ width: 1366, height: 1300 });
    await page.reload();
    await expect(section.getByTestId("session-row")).toHaveCount(4);

    await section.getByRole("button", { name: s.signOutOthers }).click();
    await expect(page.getByRole("dialog", { name: s.confirmOthersTitle })).toBeVisible();
    await shot(page, language, "62-profile-sessions-confirm");
    await page.getByRole("dialog").getByRole("button", { name: s.signOutOthers }).click();
    await expect(section.getByTestId("session-row")).toHaveCount(1);
    await expect(section.getByText(s.noOthers)).toBeVisible();
    await shot(page, language, "63-profile-sessions-alone");
  });
}
