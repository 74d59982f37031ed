import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import {
  addColleague,
  createOnboardedUser,
  findRole,
  getMe,
  invitationLink,
  mailedLink,
  openSignedIn,
  ownClientAddress,
  password,
  uniqueEmail,
  verifyEmail,
} from "./support/helpers.ts";

/**
 * Invitations, membership and e-mail verification, in both languages: invite and accept from the mailed link,
 * sign up with an invited address and accept in the app once verified, decline, revoke, remove and leave.
 */
const languages = ["en", "it"] as const;
type Language = (typeof languages)[number];
const texts = { en, it };

/** A translation with its {{placeholders}} filled, as i18next would. */
function fill(text: string, values: Record<string, string> = {}): string {
  return text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
}

/** The same text without its <strong> tags, as a reader sees it. */
const plain = (text: string, values: Record<string, string> = {}) => fill(text, values).replace(/<\/?\w+>/g, "");

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function newPage(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext({ locale: language === "it" ? "it-IT" : "en-US" });
  return context.newPage();
}

/** A segmented control's option: its radio input is hidden behind the label a person clicks. */
async function segment(scope: Page | Locator, name: string) {
  await scope
    .locator("label")
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
  await expect(scope.getByRole("radio", { name, exact: true })).toBeChecked();
}

/** The terms step every new person goes through. */
async function acceptTerms(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("checkbox").nth(0).check();
  await dialog.getByRole("checkbox").nth(1).check();
  await dialog.getByRole("button").last().click();
}

/** An invitation made through the API by `admin`, with the organization's role named `roleName`. */
async function invite(
  request: APIRequestContext,
  admin: { token: string },
  options: { email: string; nominative: string; roleName?: string },
) {
  const { organization } = await getMe(request, admin.token);
  const roles = (await (
    await request.get(`/api/v1/organization/${organization.uid}/role`, { headers: bearer(admin.token) })
  ).json()) as { uid: string; name: string }[];
  const role = findRole(roles, options.roleName ?? "Member");
  const response = await request.post(`/api/v1/organization/${organization.uid}/user/invite`, {
    headers: bearer(admin.token),
    data: { email: options.email, nominative: options.nominative, organization_role_id: role?.uid },
  });
  expect(response.status()).toBe(201);
  return { organization, invitation: (await response.json()) as { uid: string } };
}

/** `user` reads the app in `language` (their own setting wins over the browser's once the terms are accepted). */
async function speak(request: APIRequestContext, user: { token: string; uid: string }, language: Language) {
  const response = await request.patch(`/api/v1/user/${user.uid}`, { headers: bearer(user.token), data: { language } });
  expect(response.status()).toBe(200);
}

/** An account of its own in `language`, terms accepted and e-mail verified, without organization. */
async function createPlainAccount(
  request: APIRequestContext,
  options: { email: string; nominative: string; language: Language },
) {
  const signup = await request.post("/api/v1/auth/basic/signup", {
    headers: ownClientAddress(),
    data: { ...options, password },
  });
  expect(signup.status()).toBe(201);
  const { token, user } = (await signup.json()) as { token: string; user: { uid: string } };
  const terms = await request.patch(`/api/v1/user/${user.uid}`, {
    headers: bearer(token),
    data: { terms_of_use: true, privacy_policy: true, cookie_consent: true, language: options.language },
  });
  expect(terms.status()).toBe(200);
  await verifyEmail(request, options.email);
  return { token, uid: user.uid };
}

for (const language of languages) {
  const l = texts[language];

  test.describe(`invitations in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("an admin invites from the users list; the person accepts from the mailed link with a new account", async ({
      page,
      browser,
      request,
    }) => {
      const admin = await createOnboardedUser(request, { nominative: "Irene Inviter", organization: "Invite Lab" });
      await speak(request, admin, language);
      const { organization } = await getMe(request, admin.token);
      await openSignedIn(page, admin.token, `/organization/${organization.uid}/users`, language);

      const email = uniqueEmail("marco");
      await page.getByRole("button", { name: l.users.invite }).click();
      const modal = page.getByRole("dialog", { name: l.inviteUserForm.title });
      await modal.getByRole("textbox", { name: l.inviteUserForm.email }).fill(email);
      await modal.getByRole("textbox", { name: l.inviteUserForm.nominative }).fill("Marco Rossi");
      await modal.getByRole("combobox", { name: l.inviteUserForm.role }).click();
      await page.getByRole("option", { name: "Member" }).click();
      await modal.getByRole("button", { name: l.inviteUserForm.send }).click();
      await expect(page.getByText(fill(l.users.invitationSent, { email })).last()).toBeVisible();
      await expect(modal).toBeHidden();

      await segment(page, l.users.filters.invited);
      const row = page.getByRole("row").filter({ hasText: "Marco Rossi" });
      await expect(row.getByText(l.users.status.invited, { exact: true })).toBeVisible();
      await expect(row.getByText(new RegExp(fill(l.users.expiresOn, { date: "\\d\\d/\\d\\d/\\d{4}" })))).toBeVisible();

      const link = await invitationLink(email);
      expect(link.pathname).toBe("/invitation");
      const invitee = await newPage(browser, language);
      await invitee.goto(link.toString());
      await expect(
        invitee.getByRole("heading", { name: fill(l.invitationPage.title, { organization: "Invite Lab" }) }),
      ).toBeVisible();
      await expect(
        invitee.getByText(plain(l.invitations.invitedYou, { name: "Irene Inviter", organization: "Invite Lab" })),
      ).toBeVisible();
      await expect(invitee.getByRole("textbox", { name: l.screens.login.email })).toHaveValue(email);
      await expect(invitee.getByRole("textbox", { name: l.screens.login.nominative })).toHaveValue("Marco Rossi");
      await invitee.getByRole("textbox", { name: l.screens.login.password, exact: true }).fill(password);
      await invitee.getByRole("textbox", { name: l.screens.login.confirmPassword }).fill(password);
      await invitee.getByRole("button", { name: l.invitationPage.acceptAndCreate }).click();
      await expect(invitee).toHaveURL(/\/user\/[0-9a-f-]+\/board$/);
      await acceptTerms(invitee);
      await expect(invitee.getByRole("dialog")).toBeHidden();
      // The link proved the mailbox: no reminder to verify the e-mail.
      await expect(invitee.getByText(l.invitations.verify.title)).toHaveCount(0);

      // The link works once.
      const used = await newPage(browser, language);
      await used.goto(link.toString());
      await expect(used.getByRole("heading", { name: l.invitationPage.invalidTitle })).toBeVisible();
      await expect(used.getByRole("link", { name: l.invitationPage.goToLogin })).toBeVisible();
      await used.context().close();
      await invitee.context().close();

      // Lists are not refetched on focus: the admin reloads to see the acceptance.
      await page.reload();
      await segment(page, l.users.filters.active);
      const member = page.getByRole("row").filter({ hasText: "Marco Rossi" });
      await expect(member.getByText(l.users.status.active, { exact: true })).toBeVisible();
      await expect(member.getByText("Member")).toBeVisible();
      await segment(page, l.users.filters.invited);
      await expect(page.getByRole("row").filter({ hasText: "Marco Rossi" })).toHaveCount(0);
    });

    test("someone signs up with an invited address, verifies it from the mailed link and accepts in the app", async ({
      page,
      request,
    }) => {
      const admin = await createOnboardedUser(request, { nominative: "Paola Prompt", organization: "Prompt Works" });
      await speak(request, admin, language);
      const email = uniqueEmail("sofia");
      const { organization } = await invite(request, admin, { email, nominative: "Sofia Sala" });

      await page.goto("/signup");
      await page.getByLabel(l.screens.login.nominative).fill("Sofia Sala");
      await page.getByLabel(l.screens.login.email).fill(email);
      await page.getByRole("textbox", { name: l.screens.login.password, exact: true }).fill(password);
      await page.getByRole("textbox", { name: l.screens.login.confirmPassword }).fill(password);
      await page.getByRole("button", { name: l.screens.login.signUp }).click();
      await acceptTerms(page);

      // Signing up gave no seat and no role: the account has no organization, and must verify its e-mail first.
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(l.components.onboarding.organizationTitle)).toBeVisible();
      await expect(dialog.getByText(l.invitations.verify.title)).toBeVisible();
      await expect(dialog.getByText(l.invitations.joinTitle)).toHaveCount(0);

      const verification = await mailedLink(email, "verify-email");
      await page.goto(verification.toString());
      await expect(page.getByRole("heading", { name: l.verifyEmail.doneTitle })).toBeVisible();
      await page.getByRole("link", { name: l.verifyEmail.continue }).click();

      await expect(dialog.getByText(l.invitations.joinTitle)).toBeVisible();
      await expect(
        dialog.getByText(plain(l.invitations.invitedYou, { name: "Paola Prompt", organization: "Prompt Works" })),
      ).toBeVisible();
      await dialog.getByRole("button", { name: l.invitations.accept, exact: true }).click();
      await expect(page.getByText(fill(l.invitations.joined, { organization: "Prompt Works" })).last()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/user\/[0-9a-f-]+\/board$/);

      const token = await page.evaluate(() => JSON.parse(localStorage.getItem("session") ?? "{}").token as string);
      const me = await getMe(request, token);
      expect(me.organization.uid).toBe(organization.uid);
      expect(me.role.name).toBe("Member");
    });

    test("an invited person declines; the organization no longer lists the invitation", async ({ page, request }) => {
      const admin = await createOnboardedUser(request, { nominative: "Dario Decline", organization: "Decline Co" });
      await speak(request, admin, language);
      const email = uniqueEmail("luisa");
      const person = await createPlainAccount(request, { email, nominative: "Luisa Lodi", language });
      const { organization } = await invite(request, admin, { email, nominative: "Luisa Lodi" });

      await openSignedIn(page, person.token, `/user/${person.uid}/board`, language);
      const dialog = page.getByRole("dialog");
      await expect(
        dialog.getByText(plain(l.invitations.invitedYou, { name: "Dario Decline", organization: "Decline Co" })),
      ).toBeVisible();
      await dialog.getByRole("button", { name: l.invitations.decline }).click();
      await expect(page.getByText(fill(l.invitations.declined, { organization: "Decline Co" })).last()).toBeVisible();
      await expect(dialog.getByText(l.invitations.joinTitle)).toHaveCount(0);
      await expect(dialog.getByText(l.components.onboarding.organizationTitle)).toBeVisible();

      const listed = await request.get(`/api/v1/organization/${organization.uid}/invitation`, {
        headers: bearer(admin.token),
      });
      expect(await listed.json()).toEqual([]);
      await openSignedIn(page, admin.token, `/organization/${organization.uid}/users`, language);
      await segment(page, l.users.filters.invited);
      await expect(page.getByText(l.users.noMatchTitle)).toBeVisible();
    });

    test("an invited person without an account declines from the mailed link, signed in nowhere", async ({
      page,
      request,
    }) => {
      const admin = await createOnboardedUser(request, { nominative: "Linda Link", organization: "Link Srl" });
      const email = uniqueEmail("piero");
      const { organization } = await invite(request, admin, { email, nominative: "Piero Neri" });

      await page.addInitScript((l) => localStorage.setItem("language", l), language);
      await page.goto((await invitationLink(email)).toString());
      await expect(
        page.getByRole("heading", { name: fill(l.invitationPage.title, { organization: "Link Srl" }) }),
      ).toBeVisible();
      await page.getByRole("button", { name: l.invitations.decline }).click();
      await expect(page.getByText(fill(l.invitations.declined, { organization: "Link Srl" })).last()).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      const listed = await request.get(`/api/v1/organization/${organization.uid}/invitation`, {
        headers: bearer(admin.token),
      });
      expect(await listed.json()).toEqual([]);
    });

    test("an admin revokes an invitation, whose link then says it is void, and removes a member", async ({
      page,
      browser,
      request,
    }) => {
      const admin = await createOnboardedUser(request, { nominative: "Rosa Revoke", organization: "Revoke Ltd" });
      await speak(request, admin, language);
      const email = uniqueEmail("tito");
      const { organization } = await invite(request, admin, { email, nominative: "Tito Tardi" });
      const colleague = await addColleague(request, admin, { roleName: "Member", nominative: "Carlo Colleague" });
      await openSignedIn(page, admin.token, `/organization/${organization.uid}/users`, language);

      await segment(page, l.users.filters.invited);
      const row = page.getByRole("row").filter({ hasText: "Tito Tardi" });
      await row.getByRole("button", { name: l.users.resendInvitation }).click();
      await expect(page.getByText(fill(l.users.invitationResent, { email })).last()).toBeVisible();
      await row.getByRole("button", { name: l.users.revokeInvitation }).click();
      const confirm = page.getByRole("dialog", { name: l.users.revokeTitle });
      await confirm.getByRole("button", { name: l.users.revokeInvitation }).click();
      await expect(page.getByText(fill(l.users.invitationRevoked, { email })).last()).toBeVisible();
      await expect(row).toHaveCount(0);

      const invitee = await newPage(browser, language);
      await invitee.goto((await invitationLink(email)).toString());
      await expect(invitee.getByRole("heading", { name: l.invitationPage.invalidTitle })).toBeVisible();
      await invitee.context().close();

      await page.goto(`/organization/${organization.uid}/users/${colleague.uid}`);
      await page.getByRole("button", { name: l.users.removeAction }).click();
      const removal = page.getByRole("dialog", { name: fill(l.users.removeTitle, { name: "Carlo Colleague" }) });
      await removal.getByRole("button", { name: l.users.removeConfirm }).click();
      await expect(page.getByText(fill(l.users.removed, { name: "Carlo Colleague" })).last()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/organization/${organization.uid}/users$`));
      await segment(page, l.users.filters.all);
      await expect(page.getByRole("row").filter({ hasText: "Carlo Colleague" })).toHaveCount(0);
      // Removed, not signed out: the person now sees the onboarding, without the organization.
      const removed = await getMe(request, colleague.token);
      expect(removed.organization).toBeNull();
    });

    test("a member leaves the organization from the profile; the last admin cannot", async ({
      page,
      browser,
      request,
    }) => {
      const admin = await createOnboardedUser(request, { nominative: "Lia Leave", organization: "Leave Inc" });
      await speak(request, admin, language);
      const colleague = await addColleague(request, admin, { roleName: "Member", nominative: "Nino Nomad" });
      await speak(request, colleague, language);

      await openSignedIn(page, colleague.token, `/user/${colleague.uid}/profile`, language);
      await page.getByRole("button", { name: fill(l.leaveOrganization.action, { organization: "Leave Inc" }) }).click();
      const confirm = page.getByRole("dialog", {
        name: fill(l.leaveOrganization.confirmTitle, { organization: "Leave Inc" }),
      });
      await confirm.getByRole("button", { name: l.leaveOrganization.confirm }).click();
      await expect(page.getByText(fill(l.leaveOrganization.left, { organization: "Leave Inc" })).last()).toBeVisible();
      await expect(page.getByRole("dialog").getByText(l.components.onboarding.organizationTitle)).toBeVisible();
      expect((await getMe(request, colleague.token)).organization).toBeNull();

      const adminPage = await newPage(browser, language);
      await openSignedIn(adminPage, admin.token, `/user/${admin.uid}/profile`, language);
      await adminPage
        .getByRole("button", { name: fill(l.leaveOrganization.action, { organization: "Leave Inc" }) })
        .click();
      await adminPage.getByRole("dialog").getByRole("button", { name: l.leaveOrganization.confirm }).click();
      // The server's own words (409): someone must keep the rights on roles and users.
      await expect(adminPage.getByText(/last user with every right on roles and users/).last()).toBeVisible();
      expect((await getMe(request, admin.token)).organization.name).toBe("Leave Inc");
      await adminPage.context().close();
    });
  });
}
