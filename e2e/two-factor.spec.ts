import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { baseURL } from "./playwright.config.ts";
import { addColleague, createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";
import { enrolTotp, enterPassword, signOut, totpCode } from "./support/two-factor.ts";

const texts = { en, it };
const board = /\/user\/[0-9a-f-]+\/board$/;

for (const language of ["en", "it"] as const) {
  test(`turns on two-factor from the profile, then signs in with a code and with a recovery code (${language})`, async ({
    page,
    request,
  }) => {
    const t = texts[language].twoFactor;
    const account = await createOnboardedUser(request, { nominative: "Katherine Johnson" });
    const headers = { authorization: `Bearer ${account.token}` };
    expect((await request.patch(`/api/v1/user/${account.uid}`, { headers, data: { language } })).status()).toBe(200);

    await openSignedIn(page, account.token, `/user/${account.uid}/profile`, language);
    const section = page.getByRole("region", { name: t.profile.title });
    await expect(section.getByText(t.profile.offText)).toBeVisible();
    await section.getByRole("button", { name: t.profile.enable }).click();
    await expect(page.getByRole("dialog", { name: t.setup.title })).toBeVisible();
    const { secret, recoveryCodes } = await enrolTotp(page, language);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    await expect(page.getByText(t.profile.enabled)).toBeVisible();
    await expect(section.getByText(t.profile.onText)).toBeVisible();
    await expect(section.getByText(t.profile.codesLeft.replace("{{count}}", "10"))).toBeVisible();

    await signOut(page);
    await enterPassword(page, account.email, language);
    await expect(page.getByRole("heading", { name: t.signIn.title })).toBeVisible();
    const code = page.getByRole("textbox", { name: t.signIn.codeLabel });
    // A wrong code says so and keeps the step.
    await code.fill(totpCode(secret, 5));
    await page.getByRole("button", { name: t.signIn.verify }).click();
    await expect(page.getByText(t.signIn.wrongCode)).toBeVisible();
    // The code enabling used the current step: the phone's next one is new, and within the accepted drift.
    await code.fill(totpCode(secret, 1));
    await page.getByRole("button", { name: t.signIn.verify }).click();
    await expect(page).toHaveURL(board);

    await signOut(page);
    await enterPassword(page, account.email, language);
    await page.getByRole("button", { name: t.signIn.useRecoveryCode }).click();
    await page.getByRole("textbox", { name: t.signIn.recoveryCodeLabel }).fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: t.signIn.verify }).click();
    await expect(page).toHaveURL(board);

    // A recovery code works once.
    await signOut(page);
    await enterPassword(page, account.email, language);
    await page.getByRole("button", { name: t.signIn.useRecoveryCode }).click();
    await page.getByRole("textbox", { name: t.signIn.recoveryCodeLabel }).fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: t.signIn.verify }).click();
    await expect(page.getByText(t.signIn.wrongRecoveryCode)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test(`an organization that requires two-factor sends a member to enrolment before the app (${language})`, async ({
    browser,
    page,
    request,
  }) => {
    const t = texts[language].twoFactor;
    const admin = await createOnboardedUser(request, { nominative: "Mary Jackson", organization: "Langley" });
    const member = await addColleague(request, admin, { roleName: "Member", nominative: "Dorothy Vaughan" });
    const memberHeaders = { authorization: `Bearer ${member.token}` };
    expect(
      (await request.patch(`/api/v1/user/${member.uid}`, { headers: memberHeaders, data: { language } })).status(),
    ).toBe(200);
    const { organization } = await getMe(request, admin.token);
    const adminHeaders = { authorization: `Bearer ${admin.token}` };
    expect(
      (await request.patch(`/api/v1/user/${admin.uid}`, { headers: adminHeaders, data: { language } })).status(),
    ).toBe(200);

    // The admin requires it from the organization's page.
    await openSignedIn(page, admin.token, `/organization/${organization.uid}`, language);
    const setting = page.getByRole("region", { name: t.organization.title });
    // Saved at once: the switch shows the saved state once the server has answered.
    await setting.getByRole("switch", { name: t.organization.label }).click({ force: true });
    await expect(page.getByText(t.organization.turnedOn)).toBeVisible();
    await expect(setting.getByRole("switch", { name: t.organization.label })).toBeChecked();

    // The member signs in on a device of their own.
    const device = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 } });
    try {
      const memberPage = await device.newPage();
      await memberPage.addInitScript((l) => localStorage.setItem("language", l), language);
      await enterPassword(memberPage, member.email, language);
      await expect(memberPage).toHaveURL(/\/two-factor\/enrol$/);
      await expect(memberPage.getByText(t.enrol.description.replace("{{organization}}", "Langley"))).toBeVisible();
      // The app is out of reach until then.
      await memberPage.goto(`/user/${member.uid}/board`);
      await expect(memberPage).toHaveURL(/\/two-factor\/enrol$/);
      await enrolTotp(memberPage, language);
      await expect(memberPage).toHaveURL(board);
    } finally {
      await device.close();
    }

    // The admin's users list shows who has it.
    await page.goto(`/organization/${organization.uid}/users`);
    const row = page.getByRole("row", { name: /Dorothy Vaughan/ });
    await expect(row.getByText(t.users.on)).toBeVisible();
  });
}
