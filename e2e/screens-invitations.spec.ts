import { type APIRequestContext, expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import {
  addColleague,
  createOnboardedUser,
  getMe,
  invitationLink,
  mailedLink,
  openSignedIn,
  ownClientAddress,
  password,
  uniqueEmail,
  verifyEmail,
} from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * The screens of invitations, membership and e-mail verification in both languages, desktop and phone, saved under
 * e2e/screenshots/ for review. Each step waits for the screen's own content, so a blank or broken page fails here.
 */
const languages = ["en", "it"] as const;
type Language = (typeof languages)[number];
const texts = { en, it };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function speak(request: APIRequestContext, user: { token: string; uid: string }, language: Language) {
  await request.patch(`/api/v1/user/${user.uid}`, { headers: bearer(user.token), data: { language } });
}

async function invite(
  request: APIRequestContext,
  admin: { token: string },
  organizationId: string,
  person: { email: string; nominative: string; roleName: string },
) {
  const roles = (await (
    await request.get(`/api/v1/organization/${organizationId}/role`, { headers: bearer(admin.token) })
  ).json()) as { uid: string; name: string }[];
  const response = await request.post(`/api/v1/organization/${organizationId}/user/invite`, {
    headers: bearer(admin.token),
    data: {
      email: person.email,
      nominative: person.nominative,
      organization_role_id: roles.find((r) => r.name === person.roleName)?.uid,
    },
  });
  expect(response.status()).toBe(201);
}

/** An account in `language` with the terms accepted and no organization; verified unless told otherwise. */
async function plainAccount(
  request: APIRequestContext,
  options: { email: string; nominative: string; language: Language; verified?: boolean },
) {
  const signup = await request.post("/api/v1/auth/basic/signup", {
    headers: ownClientAddress(),
    data: { email: options.email, nominative: options.nominative, password },
  });
  const { token, user } = (await signup.json()) as { token: string; user: { uid: string } };
  await request.patch(`/api/v1/user/${user.uid}`, {
    headers: bearer(token),
    data: { terms_of_use: true, privacy_policy: true, cookie_consent: true, language: options.language },
  });
  if (options.verified !== false) await verifyEmail(request, options.email);
  return { token, uid: user.uid };
}

for (const language of languages) {
  const l = texts[language];
  test.describe(`invitation screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });
    // Each test walks through many screens and mails, well past one journey's time.
    test.describe.configure({ timeout: 90_000 });

    test("the organization's side: invitations in the users list, revoke, remove", async ({ page, request }) => {
      const admin = await createOnboardedUser(request, {
        nominative: "Giulia Bianchi",
        organization: "Studio Bianchi",
      });
      await speak(request, admin, language);
      const colleague = await addColleague(request, admin, { roleName: "Manager", nominative: "Luca Verdi" });
      const org = colleague.organizationId;
      await addColleague(request, admin, { roleName: "Member", nominative: "Sara Neri" });
      await invite(request, admin, org, { email: uniqueEmail("marco"), nominative: "Marco Rossi", roleName: "Member" });
      await invite(request, admin, org, {
        email: uniqueEmail("elena"),
        nominative: "Elena Conti",
        roleName: "Manager",
      });

      await openSignedIn(page, admin.token, `/organization/${org}/users`, language);
      await expect(page.getByText("Luca Verdi")).toBeVisible();
      await page
        .locator("label")
        .filter({ hasText: new RegExp(`^${l.users.filters.all}$`) })
        .click();
      await expect(page.getByText("Marco Rossi")).toBeVisible();
      await shot(page, language, "80-users-all-with-invitations");
      await page
        .locator("label")
        .filter({ hasText: new RegExp(`^${l.users.filters.invited}$`) })
        .click();
      await expect(page.getByText("Luca Verdi")).toBeHidden();
      await shot(page, language, "81-users-invited");
      await page
        .getByRole("row")
        .filter({ hasText: "Marco Rossi" })
        .getByRole("button", { name: l.users.revokeInvitation })
        .click();
      const revoke = page.getByRole("dialog", { name: l.users.revokeTitle });
      await expect(revoke).toBeVisible();
      await shot(page, language, "82-revoke-invitation");
      // The free plan's five seats are all taken: revoking frees one for the next invitation.
      await revoke.getByRole("button", { name: l.users.revokeInvitation }).click();
      await expect(page.getByRole("row").filter({ hasText: "Marco Rossi" })).toHaveCount(0);

      await page.getByRole("button", { name: l.users.invite }).click();
      const modal = page.getByRole("dialog", { name: l.inviteUserForm.title });
      await modal.getByRole("textbox", { name: l.inviteUserForm.email }).fill(uniqueEmail("paolo"));
      await modal.getByRole("textbox", { name: l.inviteUserForm.nominative }).fill("Paolo Gallo");
      await modal.getByRole("combobox", { name: l.inviteUserForm.role }).click();
      await page.getByRole("option", { name: "Member" }).click();
      await modal.getByRole("button", { name: l.inviteUserForm.send }).click();
      await expect(page.getByText(/paolo-/).last()).toBeVisible();
      await shot(page, language, "83-invitation-sent");

      await page.goto(`/organization/${org}/users/${colleague.uid}`);
      await expect(page.getByRole("button", { name: l.users.removeAction })).toBeVisible();
      await shot(page, language, "84-user-details-remove");
      await page.getByRole("button", { name: l.users.removeAction }).click();
      await expect(page.getByRole("dialog", { name: fill(l.users.removeTitle, { name: "Luca Verdi" }) })).toBeVisible();
      await shot(page, language, "85-remove-member-confirm");
      await page.keyboard.press("Escape");

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/organization/${org}/users`);
      await expect(page.getByText("Luca Verdi")).toBeVisible();
      await page.getByRole("combobox", { name: l.users.statusFilter }).click();
      await page.getByRole("option", { name: l.users.filters.invited }).click();
      await expect(page.getByText("Elena Conti")).toBeVisible();
      await shot(page, language, "86-users-invited-phone");
    });

    test("the person's side: prompts, notices, the link pages and leaving", async ({ page, browser, request }) => {
      const admin = await createOnboardedUser(request, {
        nominative: "Giulia Bianchi",
        organization: "Studio Bianchi",
      });
      const { organization } = await getMe(request, admin.token);

      // Verified, without organization: the invitation beside creating one.
      const annaEmail = uniqueEmail("anna");
      const anna = await plainAccount(request, { email: annaEmail, nominative: "Anna Riva", language });
      await invite(request, admin, organization.uid, { email: annaEmail, nominative: "Anna Riva", roleName: "Member" });
      await openSignedIn(page, anna.token, `/user/${anna.uid}/board`, language);
      await expect(page.getByRole("dialog").getByText(l.invitations.joinTitle)).toBeVisible();
      await shot(page, language, "87-onboarding-invitation");

      // Not verified yet: the reminder, in the onboarding and in the shell.
      const newcomer = await plainAccount(request, {
        email: uniqueEmail("bruno"),
        nominative: "Bruno Neri",
        language,
        verified: false,
      });
      await openSignedIn(page, newcomer.token, `/user/${newcomer.uid}/board`, language);
      await expect(page.getByRole("dialog").getByText(l.invitations.verify.title)).toBeVisible();
      await shot(page, language, "88-onboarding-verify-email");
      const unverifiedAdmin = await request.post("/api/v1/auth/basic/signup", {
        headers: ownClientAddress(),
        data: { email: uniqueEmail("carla"), nominative: "Carla Neri", password },
      });
      const carla = (await unverifiedAdmin.json()) as { token: string; user: { uid: string } };
      await request.patch(`/api/v1/user/${carla.user.uid}`, {
        headers: bearer(carla.token),
        data: { terms_of_use: true, privacy_policy: true, cookie_consent: true, language },
      });
      await request.post(`/api/v1/user/${carla.user.uid}/organization`, {
        headers: bearer(carla.token),
        data: { name: "Neri & Co", domains: [] },
      });
      await openSignedIn(page, carla.token, `/user/${carla.user.uid}/profile`, language);
      await expect(page.getByText(l.invitations.verify.title)).toBeVisible();
      await shot(page, language, "89-shell-verify-email");

      // A member of one organization invited to another: leave first, or decline.
      const member = await addColleague(request, admin, { roleName: "Member", nominative: "Davide Sala" });
      await speak(request, member, language);
      const other = await createOnboardedUser(request, { nominative: "Franco Moro", organization: "Moro Design" });
      const { organization: moro } = await getMe(request, other.token);
      await invite(request, other, moro.uid, { email: member.email, nominative: "Davide Sala", roleName: "Manager" });
      await openSignedIn(page, member.token, `/user/${member.uid}/projects`, language);
      await expect(page.getByText(fill(l.invitations.leaveFirst, { organization: "Studio Bianchi" }))).toBeVisible();
      await shot(page, language, "90-shell-invitation-leave-first");
      await page.getByRole("main").getByRole("link", { name: l.invitations.openProfile }).click();
      const leave = page.getByRole("button", {
        name: fill(l.leaveOrganization.action, { organization: "Studio Bianchi" }),
      });
      await leave.scrollIntoViewIfNeeded();
      await shot(page, language, "91-profile-leave");
      await leave.click();
      await expect(
        page.getByRole("dialog", { name: fill(l.leaveOrganization.confirmTitle, { organization: "Studio Bianchi" }) }),
      ).toBeVisible();
      await shot(page, language, "92-leave-confirm");
      await page.keyboard.press("Escape");

      // The link pages, signed out.
      const visitor = await browser.newPage({ locale: language === "it" ? "it-IT" : "en-US" });
      const newEmail = uniqueEmail("irene");
      await invite(request, admin, organization.uid, {
        email: newEmail,
        nominative: "Irene Galli",
        roleName: "Member",
      });
      await visitor.goto((await invitationLink(newEmail)).toString());
      await expect(visitor.getByRole("button", { name: l.invitationPage.acceptAndCreate })).toBeVisible();
      await shot(visitor, language, "93-invitation-new-account");
      await visitor
        .getByRole("textbox", { name: l.screens.login.password, exact: true })
        .fill("violet sunset over the pier");
      await visitor.getByRole("textbox", { name: l.screens.login.confirmPassword }).fill("violet sunset over the pier");
      await expect(visitor.getByTestId("password-strength")).toBeVisible();
      await shot(visitor, language, "94-invitation-new-account-filled");
      await visitor.goto((await invitationLink(annaEmail)).toString());
      await expect(visitor.getByRole("button", { name: l.invitationPage.accept, exact: true })).toBeVisible();
      await shot(visitor, language, "95-invitation-existing-account");
      await visitor.goto("/invitation?token=not-a-valid-token");
      await expect(visitor.getByRole("heading", { name: l.invitationPage.invalidTitle })).toBeVisible();
      await shot(visitor, language, "96-invitation-void");
      const ugo = uniqueEmail("ugo");
      await request.post("/api/v1/auth/basic/signup", {
        headers: ownClientAddress(),
        data: { email: ugo, nominative: "Ugo Bassi", password },
      });
      const verification = await mailedLink(ugo, "verify-email");
      await visitor.goto(verification.toString());
      await expect(visitor.getByRole("heading", { name: l.verifyEmail.doneTitle })).toBeVisible();
      await shot(visitor, language, "97-verify-email-done");
      await visitor.goto(verification.toString());
      await expect(visitor.getByRole("heading", { name: l.verifyEmail.invalidTitle })).toBeVisible();
      await shot(visitor, language, "98-verify-email-void");
      await visitor.setViewportSize({ width: 390, height: 844 });
      await visitor.goto((await invitationLink(newEmail)).toString());
      await expect(visitor.getByRole("button", { name: l.invitationPage.acceptAndCreate })).toBeVisible();
      await shot(visitor, language, "99-invitation-phone");
      await visitor.context().close();
    });
  });
}
