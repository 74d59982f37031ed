import { type Browser, expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { baseURL } from "./playwright.config.ts";
import { addColleague, createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";
import { enterPassword, totpCode } from "./support/two-factor.ts";

/** Two-factor sign-in's screens in both languages, on a desktop and a phone, saved for review. */
const texts = { en, it };
const sizes = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function device(browser: Browser, size: keyof typeof sizes, language: "en" | "it") {
  const context = await browser.newContext({
    baseURL,
    viewport: sizes[size],
    locale: language === "it" ? "it-IT" : "en-US",
    ...(size === "phone" ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem("language", l), language);
  return { context, page };
}

for (const language of ["en", "it"] as const) {
  for (const size of ["desktop", "phone"] as const) {
    test(`two-factor screens (${language}, ${size})`, async ({ browser, request }) => {
      test.setTimeout(120_000);
      const t = texts[language].twoFactor;
      const admin = await createOnboardedUser(request, { nominative: "Grace Hopper", organization: "Harvard Lab" });
      const member = await addColleague(request, admin, { roleName: "Member", nominative: "Alan Turing" });
      for (const person of [admin, member]) {
        await request.patch(`/api/v1/user/${person.uid}`, {
          headers: { authorization: `Bearer ${person.token}` },
          data: { language },
        });
      }
      const { organization } = await getMe(request, admin.token);
      const { context, page } = await device(browser, size, language);
      try {
        await openSignedIn(page, admin.token, `/user/${admin.uid}/profile`, language);
        const section = page.getByRole("region", { name: t.profile.title });
        await section.scrollIntoViewIfNeeded();
        await shot(page, language, `70-two-factor-off-${size}`);
        await section.getByRole("button", { name: t.profile.enable }).click();
        const dialog = page.getByRole("dialog", { name: t.setup.title });
        await expect(dialog.getByRole("img", { name: t.setup.qrLabel })).toBeVisible();
        await shot(page, language, `71-two-factor-setup-${size}`);
        const secret = (await dialog.getByTestId("totp-secret").innerText()).replaceAll(" ", "");
        await dialog.getByRole("textbox", { name: t.setup.codeLabel }).fill("000000");
        await dialog.getByRole("button", { name: t.setup.turnOn }).click();
        await expect(dialog.getByText(t.setup.wrongCode)).toBeVisible();
        await shot(page, language, `72-two-factor-setup-wrong-${size}`);
        await dialog.getByRole("textbox", { name: t.setup.codeLabel }).fill(totpCode(secret));
        await dialog.getByRole("button", { name: t.setup.turnOn }).click();
        await expect(dialog.getByTestId("recovery-codes")).toBeVisible();
        await shot(page, language, `73-two-factor-recovery-codes-${size}`);
        await dialog.getByRole("checkbox", { name: t.recoveryCodes.saved }).check();
        await dialog.getByRole("button", { name: t.recoveryCodes.done }).click();
        await expect(section.getByText(t.profile.onText)).toBeVisible();
        await section.scrollIntoViewIfNeeded();
        await shot(page, language, `74-two-factor-on-${size}`);
        await section.getByRole("button", { name: t.profile.disable }).click();
        await expect(page.getByRole("dialog", { name: t.profile.disableTitle })).toBeVisible();
        await shot(page, language, `75-two-factor-disable-${size}`);
        await page.keyboard.press("Escape");

        await page.goto(`/organization/${organization.uid}`);
        const setting = page.getByRole("region", { name: t.organization.title });
        await setting.getByRole("switch", { name: t.organization.label }).click({ force: true });
        await expect(setting.getByRole("switch", { name: t.organization.label })).toBeChecked();
        await setting.scrollIntoViewIfNeeded();
        await shot(page, language, `76-organization-requires-two-factor-${size}`);
        await page.goto(`/organization/${organization.uid}/users`);
        await expect(page.getByText("Alan Turing").first()).toBeVisible();
        await shot(page, language, `77-users-two-factor-${size}`);
      } finally {
        await context.close();
      }

      const signedOut = await device(browser, size, language);
      try {
        await enterPassword(signedOut.page, admin.email, language);
        await expect(
          signedOut.page.getByRole("textbox", { name: texts[language].twoFactor.signIn.codeLabel }),
        ).toBeVisible();
        await shot(signedOut.page, language, `78-sign-in-code-${size}`);
        await signedOut.page.getByRole("textbox", { name: t.signIn.codeLabel }).fill("000000");
        await signedOut.page.getByRole("button", { name: t.signIn.verify }).click();
        await expect(signedOut.page.getByText(t.signIn.wrongCode)).toBeVisible();
        await shot(signedOut.page, language, `79-sign-in-wrong-code-${size}`);
        await signedOut.page.getByRole("button", { name: t.signIn.useRecoveryCode }).click();
        await shot(signedOut.page, language, `80-sign-in-recovery-code-${size}`);
      } finally {
        await signedOut.context.close();
      }

      const enrolling = await device(browser, size, language);
      try {
        await enterPassword(enrolling.page, member.email, language);
        await expect(enrolling.page).toHaveURL(/\/two-factor\/enrol$/);
        await expect(enrolling.page.getByRole("img", { name: t.setup.qrLabel })).toBeVisible();
        await shot(enrolling.page, language, `81-enrolment-${size}`);
      } finally {
        await enrolling.context.close();
      }
    });
  }
}
