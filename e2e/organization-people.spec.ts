import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import {
  addColleague,
  createOnboardedUser,
  getMe,
  invitationLink,
  openSignedIn,
  password,
  uniqueEmail,
} from "./support/helpers.ts";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The terms step every new person goes through, invited ones included. */
async function acceptTerms(page: Page) {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("checkbox").first()).toBeVisible();
  await dialog.getByRole("checkbox").nth(0).check();
  await dialog.getByRole("checkbox").nth(1).check();
  await dialog.getByRole("button").last().click();
  await expect(dialog).toBeHidden();
}

/** A segmented control's option: its radio input is hidden behind the label a person clicks. */
async function segment(scope: Page | Locator, name: string) {
  await scope
    .locator("label")
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
  await expect(scope.getByRole("radio", { name, exact: true })).toBeChecked();
}

async function signedOutPage(browser: Browser) {
  const context = await browser.newContext({ locale: "en-US" });
  return context.newPage();
}

test("an admin invites a user, who accepts through the e-mailed link and is signed in", async ({
  page,
  browser,
  request,
}) => {
  const admin = await createOnboardedUser(request, { nominative: "Irene Inviter", organization: "Invite Lab" });
  const { organization } = await getMe(request, admin.token);
  await openSignedIn(page, admin.token, `/organization/${organization.uid}/users`);

  const email = uniqueEmail("marco");
  await page.getByRole("button", { name: "Invite user" }).click();
  const modal = page.getByRole("dialog", { name: "Invite a user" });
  await modal.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await modal.getByRole("textbox", { name: "Full name" }).fill("Marco Rossi");
  await modal.getByRole("button", { name: "Send invitation" }).click();
  await expect(modal.getByText("Enter a valid email address")).toBeVisible();
  await expect(modal.getByText("Role is required")).toBeVisible();
  await modal.getByRole("textbox", { name: "Email" }).fill(email);
  await modal.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Member" }).click();
  await modal.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`).last()).toBeVisible();
  await expect(modal).toBeHidden();

  await segment(page, "Invited");
  await expect(page.getByRole("main").getByText("Marco Rossi")).toBeVisible();

  const link = await invitationLink(email);
  expect(link.pathname).toBe("/invitation");
  const invitee = await signedOutPage(browser);
  await invitee.goto(link.toString());
  await expect(invitee.getByLabel("Email")).toHaveValue(email);
  await invitee.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await invitee.getByRole("textbox", { name: "Confirm password" }).fill(password);
  await invitee.getByRole("button", { name: "Accept and create account" }).click();
  await expect(invitee).toHaveURL(/\/user\/[0-9a-f-]+\/board$/);
  await acceptTerms(invitee);
  await expect(invitee.getByRole("main")).toBeVisible();
  await invitee.context().close();

  // Lists are not refetched on focus: the admin reloads to see the acceptance.
  await page.reload();
  await segment(page, "Active");
  await page.getByRole("textbox", { name: "Search users" }).fill("rossi");
  const row = page.getByRole("row").filter({ hasText: "Marco Rossi" });
  await expect(row).toBeVisible();
  await expect(row.getByText("Active")).toBeVisible();
  await expect(row.getByText("Member")).toBeVisible();
});

test("an admin changes a colleague's role and the colleague's menu follows", async ({ page, browser, request }) => {
  const admin = await createOnboardedUser(request, { nominative: "Rita Roles" });
  const colleague = await addColleague(request, admin, { roleName: "Member", nominative: "Paolo Member" });

  const colleaguePage = await signedOutPage(browser);
  await openSignedIn(colleaguePage, colleague.token, `/user/${colleague.uid}/profile`);
  const nav = colleaguePage.getByRole("navigation");
  await nav.getByText("Organization", { exact: true }).click();
  await expect(nav.getByText("Project setup")).toBeVisible();
  await expect(nav.getByText("People")).toHaveCount(0);

  await openSignedIn(page, admin.token, `/organization/${colleague.organizationId}/users/${colleague.uid}`);
  await expect(page.getByRole("main").getByText("Paolo Member").first()).toBeVisible();
  const roleSelect = page.getByRole("combobox", { name: "Role" });
  await expect(roleSelect).toHaveValue("Member");
  await roleSelect.click();
  await page.getByRole("option", { name: "Admin" }).click();
  await expect(page.getByText("User updated").last()).toBeVisible();

  await colleaguePage.reload();
  await colleaguePage.getByRole("navigation").getByText("Organization", { exact: true }).click();
  await expect(colleaguePage.getByRole("navigation").getByText("People")).toBeVisible();
  await colleaguePage.context().close();
});

test("an admin adds a part-time contract with hours by weekday", async ({ page, request }) => {
  const admin = await createOnboardedUser(request, { nominative: "Carla Contracts" });
  const colleague = await addColleague(request, admin, { roleName: "Member", nominative: "Pia Parttime" });
  await openSignedIn(page, admin.token, `/organization/${colleague.organizationId}/users/${colleague.uid}`);

  await page.getByRole("button", { name: "Add contract" }).first().click();
  const modal = page.getByRole("dialog", { name: "New contract" });
  await segment(modal, "Part-time");
  await modal.getByRole("textbox", { name: "Monday" }).fill("4");
  await modal.getByRole("textbox", { name: "Wednesday" }).fill("6");
  await modal.getByRole("textbox", { name: "Hourly cost" }).fill("25,5");
  await modal.getByRole("textbox", { name: "Productivity target" }).fill("80");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Contract created").last()).toBeVisible();
  await expect(modal).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: "Part-time" });
  await expect(row).toContainText("Mon 4");
  await expect(row).toContainText("Wed 6");
  await expect(row).toContainText("25,50 €");

  const contracts = await request.get(
    `/api/v1/organization/${colleague.organizationId}/user/${colleague.uid}/contract`,
    { headers: bearer(admin.token) },
  );
  expect(await contracts.json()).toEqual([
    expect.objectContaining({
      contract_type: "part-time",
      contractual_hours: 0,
      contractual_hours_by_day: { monday: 4, tuesday: 0, wednesday: 6, thursday: 0, friday: 0, saturday: 0, sunday: 0 },
      hourly_cost: 25.5,
      productivity_target: 80,
      // "To" was left as it opened: empty, so the contract has no end.
      to_date: null,
    }),
  ]);
});

test("an admin edits a role's permission matrix and adds a role", async ({ page, request }) => {
  const admin = await createOnboardedUser(request, { nominative: "Matteo Matrix" });
  const { organization } = await getMe(request, admin.token);
  await openSignedIn(page, admin.token, `/organization/${organization.uid}/roles`);

  await page.getByRole("main").getByText("Member", { exact: true }).click();
  const editor = page.getByRole("dialog", { name: "Edit role" });
  const timesheetRead = editor.getByRole("checkbox", { name: "Timesheet: Read" });
  await expect(timesheetRead).not.toBeChecked();
  await timesheetRead.check();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Role updated").last()).toBeVisible();

  await page.getByRole("button", { name: "Add role" }).click();
  const creator = page.getByRole("dialog", { name: "New role" });
  await expect(creator.getByRole("textbox", { name: "Name" })).toHaveValue("New role");
  await creator.getByRole("textbox", { name: "Name" }).fill("Auditor");
  await creator.getByRole("checkbox", { name: "Timesheet: Read" }).check();
  await creator.getByRole("checkbox", { name: "Projects: Read" }).check();
  await creator.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Role created").last()).toBeVisible();
  await expect(page.getByRole("main").getByText("Auditor")).toBeVisible();

  const roles = (await (
    await request.get(`/api/v1/organization/${organization.uid}/role`, { headers: bearer(admin.token) })
  ).json()) as { name: string; acls: unknown[] }[];
  expect(roles.map((r) => r.name)).toEqual(["Admin", "Auditor", "Manager", "Member"]);
  expect(roles.find((r) => r.name === "Member")?.acls).toEqual([
    { subject: "project", actions: ["read"] },
    { subject: "timesheet", actions: ["read"] },
  ]);
  expect(roles.find((r) => r.name === "Auditor")?.acls).toEqual([
    { subject: "project", actions: ["read"] },
    { subject: "timesheet", actions: ["read"] },
  ]);
});
