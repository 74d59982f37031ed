import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { bearer, postCreated } from "./support/board.ts";
import { addColleague, createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";

/**
 * Issue 18's audit log, in both languages: an administrator changes a colleague's role and the hourly cost of their
 * contract in the app, then finds both in the organization's audit log with before and after; and sees their own
 * sign-in in the profile's security activity.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");

for (const language of ["en", "it"] as const) {
  test(`a role and a contract changed in the app are in the audit log with before and after (${language})`, async ({
    page,
    request,
  }) => {
    const l = texts[language];
    const admin = await createOnboardedUser(request, { nominative: "Giulia Bianchi" });
    const me = await getMe(request, admin.token);
    const org = me.organization.uid;
    const patched = await request.patch(`/api/v1/user/${me.uid}`, { headers: bearer(admin.token), data: { language } });
    expect(patched.status()).toBe(200);
    const luca = await addColleague(request, admin, { roleName: "Member", nominative: "Luca Verdi" });
    await postCreated(request, admin.token, `/organization/${org}/user/${luca.uid}/contract`, {
      contract_type: "full-time",
      contractual_hours: 8,
      hourly_cost: 30,
      productivity_target: 80,
      from_date: "2025-01-01",
    });

    await openSignedIn(page, admin.token, `/organization/${org}/users/${luca.uid}`, language);
    const roleSelect = page.getByRole("combobox", { name: l.users.role });
    await expect(roleSelect).toHaveValue("Member");
    await roleSelect.click();
    await page.getByRole("option", { name: "Manager" }).click();
    await expect(page.getByText(l.users.updated).last()).toBeVisible();

    await page.getByRole("button", { name: fill(l.contracts.editRow, { from: "01/01/2025" }) }).click();
    const contract = page.getByRole("dialog", { name: l.contracts.editTitle });
    await contract.getByRole("textbox", { name: l.contracts.hourlyCost }).fill("35");
    await contract.getByRole("button", { name: l.common.save }).click();
    await expect(page.getByText(l.contracts.updated).last()).toBeVisible();

    await page.goto(`/organization/${org}/audit`);
    await expect(page.getByRole("heading", { name: l.audit.title })).toBeVisible();
    // The page opened from a link is the one the menu offers, in the Organization group.
    await expect(page.getByRole("navigation").getByRole("link", { name: l.menu.auditLog })).toHaveAttribute(
      "href",
      `/organization/${org}/audit`,
    );

    const roleRow = page.getByTestId("audit-row").filter({ hasText: l.audit.kinds.memberRoleChanged });
    await expect(roleRow).toHaveCount(1);
    await expect(roleRow).toContainText("Giulia Bianchi");
    await expect(roleRow).toContainText("Luca Verdi");
    await roleRow.getByRole("button").click();
    const roleDetails = page.getByTestId("audit-changes").filter({ visible: true, hasText: l.audit.fields.role });
    await expect(roleDetails).toContainText(`${l.audit.fields.role}: Member → Manager`);

    const contractRow = page.getByTestId("audit-row").filter({ hasText: l.audit.kinds.contractUpdated });
    await expect(contractRow).toHaveCount(1);
    await contractRow.getByRole("button").click();
    const costDetails = page
      .getByTestId("audit-changes")
      .filter({ visible: true, hasText: l.audit.fields.hourly_cost });
    await expect(costDetails).toContainText(`${l.audit.fields.hourly_cost}: 30,00 € → 35,00 €`);

    // Only the contracts' events, through the grouped kind filter.
    await page.getByRole("combobox", { name: l.audit.filters.kinds }).click();
    await page.getByRole("option", { name: l.audit.kinds.contractUpdated }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("audit-row")).toHaveCount(1);
    await expect(page.getByTestId("audit-row")).toContainText(l.audit.kinds.contractUpdated);
  });

  test(`a person sees their own sign-in in the profile's security activity (${language})`, async ({
    page,
    request,
  }) => {
    const l = texts[language];
    const account = await createOnboardedUser(request, { nominative: "Ada Lovelace" });
    const patched = await request.patch(`/api/v1/user/${account.uid}`, {
      headers: bearer(account.token),
      data: { language },
    });
    expect(patched.status()).toBe(200);
    await openSignedIn(page, account.token, `/user/${account.uid}/profile`, language);
    const section = page.getByRole("region", { name: l.screens.profile.securityActivity.title });
    await expect(section.getByTestId("security-event").first()).toContainText(l.audit.kinds.signIn);
  });
}
