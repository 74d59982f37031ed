import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { createOnboardedUser, openSignedIn, ownClientAddress, password, uniqueEmail } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * Every screen of the foundation in both languages, saved under e2e/screenshots/ for review. Each step also checks
 * that the screen shows its own heading, so a blank or broken page fails here.
 */
const languages = ["en", "it"] as const;
const texts = { en, it };
// Modals fade in and out: let the transition end so the picture shows the settled screen.
for (const language of languages) {
  test.describe(`screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("signed-out screens", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("heading", { name: "Timetrap" })).toBeVisible();
      await shot(page, language, "01-login");
      await page.goto("/signup");
      await expect(page.getByRole("textbox").first()).toBeVisible();
      await shot(page, language, "02-signup");
      await page.goto("/lost-password");
      await expect(page.getByRole("textbox").first()).toBeVisible();
      await shot(page, language, "03-lost-password");
      await page.goto("/change-password?email=ada%40example.com&token=abc");
      await expect(page.getByRole("textbox").first()).toBeVisible();
      await shot(page, language, "04-change-password");
      await page.goto("/change-password?email=ada%40example.com");
      await shot(page, language, "05-change-password-missing-token");
    });

    test("onboarding and shell screens", async ({ page, request }) => {
      const taken = await createOnboardedUser(request, { domains: [`taken-${language}-${Date.now()}.com`] });
      const takenDomain = (
        (await (
          await request.get("/api/v1/auth/me", { headers: { authorization: `Bearer ${taken.token}` } })
        ).json()) as { organization: { domains: string[] } }
      ).organization.domains[0]!;

      await page.goto("/signup");
      const inputs = page.getByRole("textbox");
      await inputs.nth(0).fill("Grace Hopper");
      await inputs.nth(1).fill(uniqueEmail("grace"));
      await inputs.nth(2).fill(password);
      await inputs.nth(3).fill(password);
      await page
        .getByRole("button")
        .filter({ hasText: language === "it" ? /Registrati/ : /Sign up/ })
        .click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await shot(page, language, "06-onboarding-terms");
      await dialog.getByRole("checkbox").nth(0).check();
      await dialog.getByRole("checkbox").nth(1).check();
      await dialog.getByRole("button").last().click();
      await expect(dialog.getByRole("textbox").first()).toBeVisible();
      await dialog.getByRole("textbox").nth(0).fill("Hopper Labs");
      await dialog.getByRole("textbox").nth(1).fill(`hopper-${language}-${Date.now()}.com`);
      await dialog.getByRole("textbox").nth(1).press("Enter");
      await dialog.getByRole("textbox").nth(1).fill(takenDomain);
      await dialog.getByRole("textbox").nth(1).press("Enter");
      await shot(page, language, "07-onboarding-organization");
      await dialog.getByRole("button").last().click();
      const alertTitle = texts[language].components.onboarding.invalidDomainsTitle;
      await expect(page.getByRole("dialog").filter({ hasText: alertTitle })).toBeVisible();
      await shot(page, language, "08-invalid-domains-alert");
      await page.getByRole("dialog").getByRole("button").last().click();

      await expect(page.getByRole("main")).toBeVisible();
      await shot(page, language, "09-shell-board-coming-soon");
      await page
        .getByRole("navigation")
        .getByText(language === "it" ? "Organizzazione" : "Organization")
        .click();
      await shot(page, language, "10-shell-organization-group");
      const uid = page.url().match(/\/user\/([^/]+)\//)?.[1];
      await page.goto(`/user/${uid}/profile`);
      await expect(page.getByRole("main").getByRole("heading").first()).toBeVisible();
      await shot(page, language, "11-profile");
      await page.goto(`/user/${uid}/nowhere`);
      await shot(page, language, "12-not-found");
      await page.getByRole("button", { name: /0\.23\.0/ }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(page.getByRole("dialog").getByText("0.23.0").first()).toBeVisible();
      await shot(page, language, "13-changelog");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: language === "it" ? "Menu del profilo" : "Profile menu" }).click();
      await page.getByRole("menuitem").last().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot(page, language, "14-logout-confirmation");
    });

    test("cookie banner for a user who has not chosen yet", async ({ page, request }) => {
      const email = uniqueEmail("cookie");
      const signup = await request.post("/api/v1/auth/basic/signup", {
        headers: ownClientAddress(),
        data: { email, password, nominative: "Marie Curie" },
      });
      expect(signup.status(), await signup.text()).toBe(201);
      const { token, user } = (await signup.json()) as { token: string; user: { uid: string } };
      const headers = { authorization: `Bearer ${token}` };
      await request.patch(`/api/v1/user/${user.uid}`, {
        headers,
        data: { terms_of_use: true, privacy_policy: true, language },
      });
      await request.post(`/api/v1/user/${user.uid}/organization`, {
        headers,
        data: { name: "Curie Lab", domains: [] },
      });
      await openSignedIn(page, token, `/user/${user.uid}/profile`, language);
      await expect(page.getByRole("region").or(page.getByRole("dialog")).first()).toBeVisible();
      await shot(page, language, "15-cookie-banner");
    });
  });
}
