import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { ownClientAddress, password, uniqueEmail, verifyEmail } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * A new organization's roles are named in its language, and the plan's name is the reader's word: an Italian studio made
 * through the onboarding sees Amministratore, Manager and Membro on the roles page and the Gratuito plan on the
 * subscription page; an English one sees Admin, Manager, Member and Free (decision 036).
 */
const texts = { en, it };
const roleNames = { en: ["Admin", "Manager", "Member"], it: ["Amministratore", "Manager", "Membro"] };

for (const language of ["en", "it"] as const) {
  test(`an organization made in ${language} names its roles and its plan in ${language}`, async ({ page, request }) => {
    const l = texts[language];
    const email = uniqueEmail("founder");
    const signup = await request.post("/api/v1/auth/basic/signup", {
      headers: ownClientAddress(),
      data: { email, password, nominative: "Giulia Bianchi" },
    });
    expect(signup.status()).toBe(201);
    const { token } = (await signup.json()) as { token: string };
    await verifyEmail(request, email);

    // The onboarding as a newcomer goes through it, in the interface's language: the terms, then the organization.
    await page.addInitScript(
      ([t, lang]) => {
        localStorage.setItem("session", JSON.stringify({ token: t }));
        localStorage.setItem("language", lang);
      },
      [token, language] as const,
    );
    await page.goto("/");
    const onboarding = page.getByRole("dialog");
    await onboarding.getByRole("checkbox").nth(0).check();
    await onboarding.getByRole("checkbox").nth(1).check();
    await onboarding.getByRole("button", { name: l.common.confirm }).click();
    await onboarding
      .getByRole("textbox", { name: l.components.onboarding.organizationName })
      .fill(language === "it" ? "Studio Bianchi" : "Bianchi Studio");
    await onboarding.getByRole("button", { name: l.common.confirm }).click();
    await expect(onboarding).toBeHidden();

    const me = (await (
      await request.get("/api/v1/auth/me", { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { organization: { uid: string }; role: { name: string } };
    expect(me.role.name).toBe(roleNames[language][0]);

    await page.goto(`/organization/${me.organization.uid}/roles`);
    await page.getByRole("button", { name: l.components.cookieConsent.accept }).click();
    const main = page.getByRole("main");
    for (const name of roleNames[language]) await expect(main.getByText(name, { exact: true })).toBeVisible();
    await shot(page, language, "role-names-roles-page");

    await page.goto(`/organization/${me.organization.uid}/subscription`);
    await expect(page.getByTestId("current-plan-name")).toHaveText(l.plans.free);
    await shot(page, language, "role-names-subscription-page");
    // The picker names every plan in the reader's language.
    await main.getByRole("button", { name: l.subscription.changePlan }).click();
    for (const plan of [l.plans.free, l.plans.unlimited]) {
      await expect(page.getByRole("dialog").getByText(plan, { exact: true })).toBeVisible();
    }
    await shot(page, language, "role-names-plan-picker", { fullPage: true });
  });
}
