import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { bearer, postCreated } from "./support/board.ts";
import {
  addColleague,
  createOnboardedUser,
  findRole,
  getMe,
  openSignedIn,
  password,
  uniqueDomain,
  uniqueEmail,
} from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/** The audit log and the profile's security activity, filled and empty, desktop and phone, in both languages. */
const texts = { en, it };
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const firefox = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

for (const language of ["en", "it"] as const) {
  test(`audit log and security activity (${language})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const l = texts[language];
    const admin = await createOnboardedUser(request, { nominative: "Giulia Bianchi", organization: "Studio Bianchi" });
    const me = await getMe(request, admin.token);
    const org = me.organization.uid;
    const headers = bearer(admin.token);
    await request.patch(`/api/v1/user/${me.uid}`, { headers, data: { language } });
    const luca = await addColleague(request, admin, { roleName: "Member", nominative: "Luca Verdi" });
    const contract = await postCreated(request, admin.token, `/organization/${org}/user/${luca.uid}/contract`, {
      contract_type: "full-time",
      contractual_hours: 8,
      hourly_cost: 30,
      productivity_target: 80,
      from_date: "2025-01-01",
    });
    await request.patch(`/api/v1/organization/${org}/user/${luca.uid}/contract/${contract.uid}`, {
      headers,
      data: {
        contract_type: "part-time",
        contractual_hours_by_day: {
          monday: 4,
          tuesday: 4,
          wednesday: 4,
          thursday: 0,
          friday: 0,
          saturday: 0,
          sunday: 0,
        },
        hourly_cost: 35,
        productivity_target: 80,
        from_date: "2025-01-01",
      },
    });
    const roles = (await (await request.get(`/api/v1/organization/${org}/role`, { headers })).json()) as Array<{
      uid: string;
      name: string;
    }>;
    const manager = findRole(roles, "Manager")!;
    await request.patch(`/api/v1/organization/${org}/user/${luca.uid}`, { headers, data: { role_id: manager.uid } });
    await request.patch(`/api/v1/organization/${org}/role/${manager.uid}`, {
      headers,
      data: {
        acls: [
          { subject: "project", actions: ["read", "create", "edit"] },
          { subject: "user", actions: ["read"] },
        ],
      },
    });
    await request.patch(`/api/v1/organization/${org}`, {
      headers,
      data: { name: "Studio Bianchi & Verdi", domains: [uniqueDomain("bianchi")] },
    });
    await request.post(`/api/v1/organization/${org}/user/invite`, {
      headers,
      data: { email: uniqueEmail("marco"), nominative: "Marco Rossi", organization_role_id: manager.uid },
    });
    await request.post("/api/v1/auth/basic", {
      data: { email: admin.email, password: "not my password" },
      headers: { "user-agent": firefox, "x-forwarded-for": "203.0.113.54" },
    });
    const phone = await request.post("/api/v1/auth/basic", {
      data: { email: admin.email, password },
      headers: { "user-agent": iphone, "x-forwarded-for": "198.51.100.23" },
    });
    expect(phone.status()).toBe(200);

    await page.setViewportSize({ width: 1366, height: 1000 });
    await openSignedIn(page, admin.token, `/organization/${org}/audit`, language);
    await expect(page.getByTestId("audit-row").first()).toBeVisible();
    await shot(page, language, "70-audit-log");
    const contractRow = page.getByTestId("audit-row").filter({ hasText: l.audit.kinds.contractUpdated });
    await contractRow.getByRole("button").click();
    await page.getByTestId("audit-row").filter({ hasText: l.audit.kinds.roleUpdated }).getByRole("button").click();
    await shot(page, language, "71-audit-log-details");

    await page.getByRole("combobox", { name: l.audit.filters.kinds }).click();
    await shot(page, language, "72-audit-log-kinds");
    await page.getByRole("option", { name: l.audit.kinds.passkeyAdded }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByText(l.audit.empty.title, { exact: true })).toBeVisible();
    await shot(page, language, "73-audit-log-empty");

    // The sidebar chooses its width when the page loads.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId("audit-row").first()).toBeVisible();
    await shot(page, language, "74-audit-log-phone");
    await page.getByRole("combobox", { name: l.audit.filters.kinds }).click();
    await page.getByRole("option", { name: l.audit.kinds.passkeyAdded }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByText(l.audit.empty.title, { exact: true })).toBeVisible();
    await page.getByText(l.audit.empty.title, { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, language, "75-audit-log-empty-phone");

    await page.setViewportSize({ width: 1366, height: 1000 });
    await page.goto(`/user/${me.uid}/profile`);
    const section = page.getByRole("region", { name: l.screens.profile.securityActivity.title });
    await expect(section.getByTestId("security-event").first()).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, language, "76-profile-security-activity");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(section.getByTestId("security-event").first()).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, language, "77-profile-security-activity-phone");
  });
}
