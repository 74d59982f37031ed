import { expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { uniqueEmail } from "./support/helpers.ts";
import { shot as screenShot } from "./support/screens.ts";

/** The password strength meter on sign-up and on the change-password link, in both languages, saved under e2e/screenshots/. */
const texts = { en, it };
const shot = (page: Page, language: string, name: string) => screenShot(page, language, name, { settleMs: 300 });

const strong = "violet sunset over the pier";

for (const language of ["en", "it"] as const) {
  test.describe(`password strength in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });
    const l = texts[language].screens.login;
    const meter = (page: Page) => page.getByTestId("password-strength");

    test("sign-up shows the strength and why, and waits for a strong password", async ({ page }) => {
      await page.goto("/signup");
      const submit = page.getByRole("button", { name: l.signUp });
      const password = page.getByRole("textbox", { name: l.password, exact: true });
      const confirm = page.getByRole("textbox", { name: l.confirmPassword });
      await page.getByLabel(l.nominative).fill("Ada Lovelace");
      await page.getByLabel(l.email).fill("ada.lovelace@example.com");

      await password.fill("password");
      await confirm.fill("password");
      await expect(meter(page)).toContainText(`${l.passwordStrength.label}: ${l.passwordStrength[0]}`);
      await expect(meter(page)).toContainText(
        language === "en" ? "This is a heavily used password." : "Questa è una password molto usata.",
      );
      await expect(submit).toBeDisabled();
      await shot(page, language, "70-signup-common-password");

      await password.fill("AdaLovelace1");
      await confirm.fill("AdaLovelace1");
      await expect(meter(page)).toContainText(
        language === "en"
          ? "It contains your name or e-mail address."
          : "Contiene il tuo nome o il tuo indirizzo e-mail.",
      );
      await expect(submit).toBeDisabled();
      await shot(page, language, "71-signup-personal-password");

      await password.fill("buongiorno");
      await confirm.fill("buongiorno");
      await expect(submit).toBeDisabled();
      await shot(page, language, "72-signup-common-word");

      await password.fill(strong);
      await confirm.fill(strong);
      await expect(meter(page)).toHaveText(`${l.passwordStrength.label}: ${l.passwordStrength[4]}`);
      await expect(submit).toBeEnabled();
      await shot(page, language, "73-signup-strong-password");
    });

    test("the change-password link measures the new password against the e-mail", async ({ page }) => {
      const email = uniqueEmail("grace.hopper");
      await page.goto(`/change-password?email=${encodeURIComponent(email)}&token=not-checked-before-submit`);
      const confirmButton = page.getByRole("button", { name: texts[language].screens.changePassword.confirm });
      const password = page.getByRole("textbox", { name: texts[language].screens.changePassword.newPassword });
      const confirm = page.getByRole("textbox", { name: l.confirmPassword });
      await password.fill("gracehopper1");
      await confirm.fill("gracehopper1");
      await expect(meter(page)).toContainText(
        language === "en"
          ? "It contains your name or e-mail address."
          : "Contiene il tuo nome o il tuo indirizzo e-mail.",
      );
      await expect(confirmButton).toBeDisabled();
      await shot(page, language, "74-change-password-weak");

      await password.fill(strong);
      await confirm.fill(strong);
      await expect(confirmButton).toBeEnabled();
      await shot(page, language, "75-change-password-strong");
    });

    test("on a phone the meter fits under the field", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/signup");
      await page.getByLabel(l.nominative).fill("Ada Lovelace");
      await page.getByLabel(l.email).fill(uniqueEmail("ada"));
      await page.getByRole("textbox", { name: l.password, exact: true }).fill("qwertyuiop");
      await expect(meter(page)).toBeVisible();
      await meter(page).scrollIntoViewIfNeeded();
      await shot(page, language, "76-signup-phone");
    });
  });
}
