import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { addColleague, createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * The organization administration screens in both languages, desktop and phone, saved under e2e/screenshots/ for
 * review. Each step waits for the screen's own content, so a blank or broken page fails here.
 */
const languages = ["en", "it"] as const;
const texts = { en, it };

for (const language of languages) {
  const l = texts[language];
  test.describe(`organization screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("administration pages", async ({ page, request }) => {
      test.setTimeout(180_000);
      const admin = await createOnboardedUser(request, {
        nominative: "Giulia Bianchi",
        organization: "Studio Bianchi",
        domains: [`bianchi-${language}-${Date.now()}.it`],
      });
      const headers = { authorization: `Bearer ${admin.token}` };
      await request.patch(`/api/v1/user/${(await getMe(request, admin.token)).uid}`, { headers, data: { language } });
      const colleague = await addColleague(request, admin, { roleName: "Manager", nominative: "Luca Verdi" });
      const org = colleague.organizationId;
      await addColleague(request, admin, { roleName: "Member", nominative: "Sara Neri" });
      await request.post(`/api/v1/organization/${org}/user/${colleague.uid}/contract`, {
        headers,
        data: {
          contract_type: "full-time",
          contractual_hours: 8,
          hourly_cost: 32.5,
          productivity_target: 85,
          from_date: "2025-01-01",
          to_date: "2025-12-31",
        },
      });
      await request.post(`/api/v1/organization/${org}/user/${colleague.uid}/contract`, {
        headers,
        data: {
          contract_type: "part-time",
          contractual_hours_by_day: {
            monday: 4,
            tuesday: 4,
            wednesday: 6,
            thursday: 0,
            friday: 4,
            saturday: 0,
            sunday: 0,
          },
          hourly_cost: 28,
          productivity_target: 80,
          from_date: "2026-01-01",
        },
      });
      for (const customer of [
        { nominative: "Caffè Nero S.r.l.", email: "amministrazione@caffenero.it", vat_number: "IT01234567890" },
        { nominative: "Officine Rossi", email: "info@officinerossi.it" },
        { nominative: "Acme Italia", email: null },
      ]) {
        await request.post(`/api/v1/organization/${org}/customer`, { headers, data: customer });
      }
      await request.post(`/api/v1/organization/${org}/overheads`, {
        headers,
        data: { amount: 1850, from_date: "2026-01-01", to_date: "2026-12-31" },
      });
      await request.post(`/api/v1/organization/${org}/overheads`, {
        headers,
        data: { amount: 420.5, from_date: "2026-03-01" },
      });
      await request.post(`/api/v1/organization/${org}/projects-workflows`, { headers, data: { name: "In review" } });
      await request.post(`/api/v1/organization/${org}/holiday-groups`, {
        headers,
        data: { name: "Italia", country: "IT", days: [{ date: "2026-12-07", name: "Sant'Ambrogio", half_day: false }] },
      });

      await openSignedIn(page, admin.token, `/organization/${org}`, language);
      await expect(page.getByRole("textbox", { name: l.organization.name })).toHaveValue("Studio Bianchi");
      await shot(page, language, "20-organization-detail");

      await page.goto(`/organization/${org}/users`);
      await expect(page.getByText("Luca Verdi")).toBeVisible();
      await shot(page, language, "21-users");
      await page.getByRole("button", { name: l.users.invite }).click();
      await expect(page.getByRole("dialog", { name: l.inviteUserForm.title })).toBeVisible();
      await shot(page, language, "22-invite-modal");
      await page.keyboard.press("Escape");

      await page.goto(`/organization/${org}/users/${colleague.uid}`);
      await expect(page.getByText(l.contracts.types["part-time"]).first()).toBeVisible();
      await shot(page, language, "23-user-details");
      await page.getByRole("button", { name: l.contracts.add }).first().click();
      const contractModal = page.getByRole("dialog", { name: l.contracts.addTitle });
      await contractModal.locator("label").filter({ hasText: l.contracts.types["part-time"] }).click();
      await expect(contractModal.getByRole("textbox", { name: l.contracts.weekdays.monday })).toBeVisible();
      await shot(page, language, "24-contract-modal-part-time");
      await page.keyboard.press("Escape");

      await page.goto(`/organization/${org}/roles`);
      await page.getByRole("main").getByText("Manager", { exact: true }).click();
      await expect(page.getByRole("dialog", { name: l.roles.editTitle })).toBeVisible();
      await shot(page, language, "25-role-editor");
      await page.keyboard.press("Escape");

      await page.goto(`/organization/${org}/customers`);
      await expect(page.getByText("Officine Rossi")).toBeVisible();
      await shot(page, language, "26-customers");
      await page.getByRole("button", { name: l.customers.deleteRow.replace("{{name}}", "Caffè Nero S.r.l.") }).click();
      await expect(page.getByRole("dialog", { name: l.customers.deleteTitle })).toBeVisible();
      await shot(page, language, "27-customer-delete");
      await page.keyboard.press("Escape");

      await page.goto(`/organization/${org}/overheads`);
      await expect(page.getByText("1.850,00 €")).toBeVisible();
      await shot(page, language, "28-overheads");

      await page.goto(`/organization/${org}/workflows`);
      await expect(page.getByText("In review")).toBeVisible();
      await shot(page, language, "29-workflows");

      await page.goto(`/organization/${org}/holidays`);
      await expect(page.getByTestId("holiday-group-row")).toContainText("Italia");
      await shot(page, language, "29a-holidays", { fullPage: true });
      await page.getByRole("button", { name: l.holidays.groups.edit.replace("{{name}}", "Italia") }).click();
      await expect(page.getByRole("dialog", { name: l.holidays.groups.editTitle })).toBeVisible();
      await shot(page, language, "29b-holiday-group-modal");
      await page.keyboard.press("Escape");
      await page.goto(`/user/${(await getMe(request, admin.token)).uid}/time-off`);
      await expect(page.getByTestId("time-off-balance").first()).toBeVisible();
      await shot(page, language, "29c-time-off");

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/organization/${org}/users`);
      await expect(page.getByText("Luca Verdi")).toBeVisible();
      await shot(page, language, "30-users-phone");
      await page.goto(`/organization/${org}/users/${colleague.uid}`);
      await expect(page.getByText(l.contracts.types["part-time"]).first()).toBeVisible();
      await shot(page, language, "31-user-details-phone");
      await page.goto(`/organization/${org}/customers`);
      await expect(page.getByText("Officine Rossi")).toBeVisible();
      await shot(page, language, "32-customers-phone");
      await page.goto(`/organization/${org}/holidays`);
      await expect(page.getByTestId("holiday-group-row")).toContainText("Italia");
      await shot(page, language, "33-holidays-phone");
    });
  });
}
