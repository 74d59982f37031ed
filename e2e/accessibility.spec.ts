import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { type AxeCheckOptions, expectNoSeriousA11yViolations, untilStill } from "./support/axe.ts";
import { bearer, createEvent, postCreated, rome, romeInstant, romeToday, tile } from "./support/board.ts";
import {
  addColleague,
  createOnboardedUser,
  getMe,
  invitationLink,
  mailedLink,
  ownClientAddress,
  password,
  uniqueDomain,
  uniqueEmail,
} from "./support/helpers.ts";
import { enterPassword, signOut, totpCode } from "./support/two-factor.ts";

/**
 * axe-core on every page and every dialog of the app, in English and in Italian (decision 017): each language walks
 * the signed-out pages, the onboarding of a new account and then, as the administrator of a small studio, every page
 * of the shell with its modals, drawers and confirmations. A serious or critical WCAG 2.1 A/AA violation fails the
 * walk, which goes on to the end and names every screen that has one.
 */
const languages = ["en", "it"] as const;
type Language = (typeof languages)[number];
const texts = { en, it };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
/** The walk's webhook: https, never resolved, since no event is sent to it. */
const webhookUrl = "https://erp.example.com/timetrap";

/**
 * A studio with something on every page: an administrator (Giulia) in `language`, a manager with contracts, a
 * pending invitation, customers, categories, a project with updates, links, a note, expenses and tasks, overheads,
 * a workflow status, and today's blocks on the board, some logged and one repeating.
 */
async function createStudio(request: APIRequestContext, language: Language) {
  const domain = uniqueDomain("bianchi");
  const admin = await createOnboardedUser(request, {
    nominative: "Giulia Bianchi",
    organization: "Studio Bianchi",
    domains: [domain],
  });
  const me = await getMe(request, admin.token);
  const org = me.organization.uid;
  const patched = await request.patch(`/api/v1/user/${me.uid}`, {
    headers: bearer(admin.token),
    data: {
      language,
      preferences: { timeZone: rome, weekends: true, slotMinTime: "08:00:00", slotMaxTime: "19:00:00" },
    },
  });
  expect(patched.status()).toBe(200);
  const luca = await addColleague(request, admin, { roleName: "Manager", nominative: "Luca Verdi" });
  const api = (path: string, data: unknown) => postCreated(request, admin.token, `/organization/${org}/${path}`, data);
  await api(`user/${luca.uid}/contract`, {
    contract_type: "full-time",
    contractual_hours: 8,
    hourly_cost: 32.5,
    productivity_target: 85,
    from_date: "2025-01-01",
  });
  await api(`user/${me.uid}/contract`, {
    contract_type: "full-time",
    contractual_hours: 8,
    hourly_cost: 40,
    productivity_target: 80,
    from_date: "2025-01-01",
  });
  const invited = uniqueEmail("marco");
  await api("user/invite", {
    email: invited,
    nominative: "Marco Rossi",
    organization_role_id: me.role.uid,
  });
  const caffe = await api("customer", { nominative: "Caffè Nero S.r.l.", email: "amministrazione@caffenero.it" });
  await api("customer", { nominative: "Officine Rossi" });
  const web = await api("project-category", { name: "Web", color: "#228be6" });
  const design = await api("task-category", { name: "Design", color: "#fab005" });
  const project = await api("project", {
    title: "Sito web Caffè Nero",
    customer_id: caffe.uid,
    project_manager_id: me.uid,
    salesaccount: [luca.uid],
    category_id: web.uid,
    budget: 12000,
    start_date: "2026-01-12",
    end_date: "2027-06-30",
  });
  await api(`project/${project.uid}/updates`, { status: "potential_risk", update: "Content is late", progress: 35 });
  await api(`project/${project.uid}/links`, { title: "Brand book", url: "https://drive.example.com/brand" });
  await api(`project/${project.uid}/note`, { note: "Kick-off on Monday; the logo comes first." });
  await api(`project/${project.uid}/expense`, { title: "Stock photos", amount: 249.9, is_final_balance: true });
  const task = await api("task", {
    name: "Wireframes",
    projectId: project.uid,
    userId: me.uid,
    categoryId: design.uid,
    priority: 40,
  });
  await api("task", { name: "Home page", projectId: project.uid, userId: me.uid, parentId: task.uid });
  await api("overheads", { amount: 1850, from_date: "2026-01-01", to_date: "2026-12-31" });
  await api("projects-workflows", { name: "In review" });
  // A webhook for its page's list, modal and delivery log (no event is sent to it during the walk).
  await api("webhooks", {
    url: webhookUrl,
    description: "ERP",
    events: "project.status.change",
    enabled: true,
    conditions: { "project.status.change": "always" },
  });

  const owner = { token: admin.token, uid: me.uid };
  const today = romeToday();
  // A holiday group whose own day is today: the board draws it as a read-only all-day block (decision 026).
  await api("holiday-groups", {
    name: "Italia",
    country: "IT",
    days: [{ date: today, name: "Chiusura aziendale", half_day: false }],
  });
  const block = (from: string, to: string, data: Record<string, unknown>) =>
    createEvent(request, owner, { start_time: romeInstant(today, from), end_time: romeInstant(today, to), ...data });
  await block("09:00", "09:15", { title: "Stand-up", recurrence: { every: 1, frequency: "DAILY", repeat: 5 } });
  await block("10:00", "11:30", {
    title: "Menu page",
    project_id: project.uid,
    category_id: design.uid,
    task_linked_id: task.uid,
    completed: true,
  });
  await block("12:00", "13:00", { title: "Call with Marta", completed: true });
  await block("14:00", "16:00", { title: "Sprint planning", event_type: "planning", color: "#0ca678" });
  // Luca submits this week's timesheet: the Approvals page has a decision to offer (decision 026).
  const sinceMonday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = new Date(Date.parse(`${today}T12:00:00Z`) - sinceMonday * 86_400_000).toISOString().slice(0, 10);
  const submitted = await request.post(`/api/v1/user/${luca.uid}/timesheet/${monday}/submit`, {
    headers: bearer(luca.token),
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return { ...owner, email: admin.email, org, domain, project: project.uid, luca: luca.uid, invited };
}

/**
 * Runs the check on what the page shows, under `label`. With A11Y_SCREENSHOTS set to a folder, each checked screen
 * is also saved there, to look at what the check saw.
 */
async function check(page: Page, label: string, options: AxeCheckOptions = {}) {
  await expectNoSeriousA11yViolations(page, label, options);
  const folder = process.env.A11Y_SCREENSHOTS;
  if (folder) {
    const language = await page.evaluate(() => document.documentElement.lang);
    await page.screenshot({ path: `${folder}/${language}-${label.replace(/[^a-z0-9]+/gi, "-")}.png` });
  }
}

/** Only the open dialogs, drawers and menus: the page behind them is checked on its own. */
const overlays: AxeCheckOptions = { include: ['[role="dialog"]', '[role="menu"]'] };

/**
 * Checks a dialog once it is open, then closes it and waits until it is gone: with Escape, or for a dialog opened
 * from another one with its Cancel button (Escape would close both).
 */
async function checkDialog(page: Page, dialog: Locator, label: string, close: "escape" | string = "escape") {
  await expect(dialog).toBeVisible();
  await check(page, label, overlays);
  if (close === "escape") await page.keyboard.press("Escape");
  else await dialog.getByRole("button", { name: close, exact: true }).click();
  await expect(dialog).toBeHidden();
  await untilStill(page);
}

for (const language of languages) {
  const l = texts[language];
  test.describe(`accessibility in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US", timezoneId: rome, actionTimeout: 15_000 });

    test("every page and dialog has no serious or critical WCAG 2.1 A/AA violation", async ({ page, request }) => {
      // Every page and dialog, one after the other, each waited for and checked: 9.5 to 10.5 minutes on a busy 2-core
      // machine (its last step, the profile menu, was reached at 10 minutes), beside the other worker's journeys.
      test.setTimeout(900_000);
      const studio = await createStudio(request, language);
      // The sign-up below comes from an address of its own, like the accounts the API helpers make: it does not
      // count against the verification e-mails the other journeys' browsers ask for from this machine.
      await page.setExtraHTTPHeaders(ownClientAddress());
      await page.addInitScript((lang) => {
        if (!localStorage.getItem("language")) localStorage.setItem("language", lang);
      }, language);

      // Signed out.
      await page.goto("/login");
      await expect(page.getByRole("textbox", { name: l.screens.login.email })).toBeVisible();
      await check(page, "login");
      await page.getByRole("button", { name: l.common.language }).click();
      await expect(page.getByRole("menuitem").first()).toBeVisible();
      await check(page, "language menu", overlays);
      await page.keyboard.press("Escape");
      await page.goto("/signup");
      await expect(page.getByRole("textbox", { name: l.screens.login.nominative })).toBeVisible();
      await check(page, "signup");
      await page.goto("/lost-password");
      await expect(page.getByRole("heading", { name: l.screens.lostPassword.title })).toBeVisible();
      await check(page, "lost password");
      await page.goto("/change-password?email=ada%40example.com&token=abc");
      await expect(page.getByRole("heading", { name: l.screens.changePassword.title })).toBeVisible();
      await check(page, "change password");
      await page.goto("/change-password?email=ada%40example.com");
      await expect(page.getByText(l.screens.changePassword.missingToken).first()).toBeVisible();
      await check(page, "change password without a token");
      await page.goto((await invitationLink(studio.invited)).toString());
      await expect(page.getByRole("button", { name: l.invitationPage.acceptAndCreate })).toBeVisible();
      await check(page, "invitation");
      await page.goto("/invitation?token=not-a-token");
      await expect(page.getByRole("heading", { name: l.invitationPage.invalidTitle })).toBeVisible();
      await check(page, "invalid invitation");
      await page.goto("/verify-email?token=not-a-token");
      await expect(page.getByRole("heading", { name: l.verifyEmail.invalidTitle })).toBeVisible();
      await check(page, "invalid verification link");
      await page.goto("/legal/terms");
      await expect(page.getByRole("heading", { name: l.pages.documents.terms }).first()).toBeVisible();
      await check(page, "terms");
      await page.goto("/legal/privacy");
      await expect(page.getByRole("heading", { name: l.pages.documents.privacy }).first()).toBeVisible();
      await check(page, "privacy");
      await page.goto("/help");
      await expect(page.getByRole("heading", { name: l.pages.documents.help }).first()).toBeVisible();
      await check(page, "help");

      // A new account: the onboarding dialog, its steps and the alert about the domains it could not save.
      const newcomer = uniqueEmail("grace");
      await page.goto("/signup");
      await page.getByRole("textbox", { name: l.screens.login.nominative }).fill("Grace Hopper");
      await page.getByRole("textbox", { name: l.screens.login.email }).fill(newcomer);
      await page.getByRole("textbox", { name: l.screens.login.password, exact: true }).fill(password);
      await page.getByRole("textbox", { name: l.screens.login.confirmPassword }).fill(password);
      await check(page, "signup, filled in");
      await page.getByRole("button", { name: l.screens.login.signUp }).click();
      const onboarding = page.getByRole("dialog");
      await expect(onboarding.getByRole("checkbox").first()).toBeVisible();
      await check(page, "onboarding: terms");
      await onboarding.getByRole("checkbox").nth(0).check();
      await onboarding.getByRole("checkbox").nth(1).check();
      await onboarding.getByRole("button", { name: l.common.confirm }).click();
      const domains = onboarding.getByRole("textbox", { name: l.components.onboarding.domains });
      await expect(domains).toBeVisible();
      await onboarding.getByRole("textbox", { name: l.components.onboarding.organizationName }).fill("Hopper Labs");
      await domains.fill(studio.domain);
      await domains.press("Enter");
      await check(page, "onboarding: organization");
      await onboarding.getByRole("button", { name: l.common.confirm }).click();
      const invalidDomains = page.getByRole("dialog").filter({ hasText: l.components.onboarding.invalidDomainsTitle });
      await expect(invalidDomains).toBeVisible();
      await check(page, "onboarding: domains not saved", overlays);
      await invalidDomains.getByRole("button", { name: l.common.ok }).click();
      await expect(page.getByRole("main")).toBeVisible();
      await check(page, "empty board of a new account, with the cookie banner and the verification notice");
      await page.goto((await mailedLink(newcomer, "verify-email")).toString());
      await expect(page.getByRole("heading", { name: l.verifyEmail.doneTitle })).toBeVisible();
      await check(page, "e-mail verified");

      // The studio's administrator.
      await page.evaluate((token) => localStorage.setItem("session", JSON.stringify({ token })), studio.token);
      const user = (path: string) => `/user/${studio.uid}/${path}`;
      const org = (path: string) => `/organization/${studio.org}${path}`;

      await page.goto(user("board"));
      await expect(tile(page, "Sprint planning")).toBeVisible();
      await check(page, "board");
      const event = page.getByRole("dialog", { name: l.eventForm.editTitle });
      const cancel = l.common.cancel;
      await tile(page, "Menu page").click();
      await expect(event).toBeVisible();
      await check(page, "event editor", overlays);
      await event.getByRole("button", { name: l.eventForm.recurrence.none }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: l.eventForm.recurrence.dialogTitle }),
        "event editor: repetition",
        cancel,
      );
      await event.getByRole("button", { name: l.eventForm.delete }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: l.eventForm.deleteDialog.title }),
        "delete event",
        cancel,
      );
      await page.keyboard.press("Escape");
      await expect(event).toBeHidden();
      await tile(page, "Stand-up").first().click();
      await expect(event).toBeVisible();
      await event.getByRole("button", { name: l.eventForm.delete }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: l.eventForm.deleteDialog.title }),
        "delete a repeating event",
        cancel,
      );
      await page.keyboard.press("Escape");
      await expect(event).toBeHidden();
      await tile(page, "Sprint planning").click({ button: "right" });
      await expect(page.getByRole("menuitem", { name: l.board.menu.edit })).toBeVisible();
      await check(page, "event context menu", overlays);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: l.board.toolbar.preferences }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.board.preferences.title }), "board preferences");
      await page.getByRole("button", { name: l.board.toolbar.panel }).click();
      await expect(page.getByText("Wireframes", { exact: true })).toBeVisible();
      await check(page, "board with the side panel");

      // The team plan with the studio's administrator and Luca, a day open in its panel, and the forecast.
      await page.evaluate(
        (value) => localStorage.setItem("userteamview", value),
        JSON.stringify({ organization_id: studio.org, user_ids: [studio.uid, studio.luca] }),
      );
      await page.goto(user("teamplan3"));
      const lucaCells = page
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: /Luca Verdi/ }) })
        .getByRole("button", { name: /^Luca Verdi, / });
      await expect(lucaCells.first()).toBeVisible();
      await check(page, "team plan");
      await lucaCells.first().click();
      await expect(page.getByRole("complementary", { name: /^Luca Verdi, / })).toBeVisible();
      await check(page, "team plan with a day open");
      await page.getByText(l.teamPlan.toolbar.forecast, { exact: true }).click();
      await expect(page.getByRole("table", { name: l.teamPlan.forecast.label })).toBeVisible();
      await check(page, "capacity forecast");

      await page.goto(user("dashboard"));
      await expect(page.getByTestId("ring-logged")).toBeVisible();
      await check(page, "dashboard");
      await page.getByRole("tab", { name: l.dashboard.tabs.team }).click();
      await expect(page.getByTestId("team-plan-notice")).toBeVisible();
      await check(page, "dashboard, team tab");

      const projectsList = user(`projects?organizationId=${studio.org}`);
      await page.goto(projectsList);
      await expect(page.getByText("Sito web Caffè Nero").first()).toBeVisible();
      await check(page, "my projects");
      await page.goto(`${projectsList}&v=all-projects`);
      await expect(page.getByRole("link", { name: "Sito web Caffè Nero" })).toBeVisible();
      await check(page, "all projects");
      await page.getByRole("button", { name: l.projects.filters, exact: true }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.projects.filter.title }), "project filters");
      await page.getByRole("button", { name: l.projects.newProject }).first().click();
      await checkDialog(page, page.getByRole("dialog", { name: l.projectForm.newTitle }), "new project");
      const drawer = page.getByRole("dialog", { name: l.categories.title });
      await page.getByRole("button", { name: l.projects.categoriesButton }).click();
      await expect(drawer.getByText("Web", { exact: true })).toBeVisible();
      await check(page, "categories drawer", overlays);
      await drawer.getByRole("button", { name: l.categories.newCategory }).first().click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: l.categories.newCategoryTitle }),
        "new category",
        cancel,
      );
      await drawer.getByRole("button", { name: fill(l.categories.deleteRow, { name: "Web" }) }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: l.categories.deleteCategoryTitle }),
        "delete category",
        cancel,
      );
      await drawer.getByRole("tab", { name: l.categories.tabTasks }).click();
      await expect(drawer.getByText("Design", { exact: true })).toBeVisible();
      await check(page, "categories drawer, tasks", overlays);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();

      const projectPage = (tab: string) =>
        user(`projects/${studio.project}?organizationId=${studio.org}${tab ? `&tab=${tab}` : ""}`);
      await page.goto(projectPage("details"));
      await expect(page.getByText("Brand book")).toBeVisible();
      await check(page, "project details");
      await page.getByRole("button", { name: l.projectDetail.edit }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.projectForm.editTitle }), "edit project");
      await page.getByRole("button", { name: l.projectDetail.delete }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.projectDetail.deleteTitle }), "delete project");
      await page.getByRole("button", { name: l.projectDetail.sections.updates }).click();
      await expect(page.getByText("Content is late")).toBeVisible();
      await check(page, "project details with the updates");
      await page.getByRole("button", { name: l.projectUpdates.add }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.projectUpdates.newTitle }), "new project update");
      await page.getByRole("button", { name: l.links.add }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.links.newTitle }), "new link");
      await page.getByRole("button", { name: fill(l.links.delete, { title: "Brand book" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.links.deleteTitle }), "delete link");
      await page.getByRole("tab", { name: l.projectDetail.tabs.expenses }).click();
      await expect(page.getByText("Stock photos")).toBeVisible();
      await check(page, "project expenses");
      await page.getByRole("button", { name: l.expenses.add }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.expenses.newTitle }), "new expense");
      await page.getByRole("button", { name: fill(l.expenses.delete, { title: "Stock photos" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.expenses.deleteTitle }), "delete expense");
      await page.getByRole("tab", { name: l.projectDetail.tabs.tasks }).click();
      await expect(page.getByRole("link", { name: "Wireframes" })).toBeVisible();
      await check(page, "project tasks");
      await page.getByRole("link", { name: "Wireframes" }).click();
      const taskModal = page.getByRole("dialog", { name: l.taskModal.editTitle });
      await expect(taskModal.getByText("Home page")).toBeVisible();
      await check(page, "edit task", overlays);
      await taskModal.getByRole("button", { name: l.taskModal.delete }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.taskModal.deleteTitle }), "delete task", cancel);
      await page.keyboard.press("Escape");
      await expect(taskModal).toBeHidden();
      await page.getByRole("button", { name: l.tasks.projectTab.add }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.taskModal.newTitle }), "new task");
      await page.getByRole("tab", { name: l.projectDetail.tabs.insights }).click();
      await expect(page.getByTestId("insights-runway")).toBeVisible();
      await check(page, "project insights");
      await page.getByRole("tab", { name: l.projectDetail.tabs.activities }).click();
      await expect(page.getByRole("button", { name: l.activities.download })).toBeVisible();
      await check(page, "project activities");

      await page.goto(org(""));
      await expect(page.getByRole("textbox", { name: l.organization.name })).toHaveValue("Studio Bianchi");
      await check(page, "organization");

      await page.goto(org("/customers"));
      await expect(page.getByText("Officine Rossi")).toBeVisible();
      await check(page, "customers");
      await page.getByRole("button", { name: l.customers.newCustomer }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.customers.newTitle }), "new customer");
      await page.getByRole("button", { name: fill(l.customers.deleteRow, { name: "Officine Rossi" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.customers.deleteTitle }), "delete customer");

      await page.goto(org("/workflows"));
      await expect(page.getByText("In review")).toBeVisible();
      await check(page, "workflows");
      await page.getByRole("button", { name: l.workflows.add }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.workflows.newTitle }), "new status");
      await page.getByRole("button", { name: fill(l.workflows.delete, { name: "In review" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.workflows.deleteTitle }), "delete status");

      await page.goto(org("/subscription"));
      await expect(page.getByTestId("current-plan-name")).toBeVisible();
      await check(page, "subscription");
      await page.getByRole("button", { name: l.subscription.changePlan }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.subscription.picker.title }), "plan picker");

      await page.goto(org("/webhooks"));
      await expect(page.getByTestId("webhook-row")).toBeVisible();
      await check(page, "webhooks");
      await page.getByRole("button", { name: fill(l.webhooks.edit, { url: webhookUrl }) }).click();
      const webhookForm = page.getByRole("dialog", { name: l.webhooks.form.editTitle });
      await expect(webhookForm).toBeVisible();
      await check(page, "edit webhook", overlays);
      await webhookForm.getByRole("button", { name: l.webhooks.rotate.button }).click();
      await page
        .getByRole("dialog", { name: l.webhooks.rotate.title })
        .getByRole("button", { name: l.webhooks.rotate.confirm })
        .click();
      await checkDialog(
        page,
        // Exact: the confirmation before it ("Rotate the signing secret?") may still be fading out.
        page.getByRole("dialog", { name: l.webhooks.secret.title, exact: true }),
        "webhook secret",
        l.webhooks.secret.done,
      );
      await page.getByRole("button", { name: fill(l.webhooks.deliveries.openFor, { url: webhookUrl }) }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: new RegExp(l.webhooks.deliveries.title) }),
        "webhook delivery log",
      );

      await page.goto(org("/roles"));
      await page.getByRole("main").getByText("Manager", { exact: true }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.roles.editTitle }), "role editor");
      await check(page, "roles");
      await page.getByRole("button", { name: l.roles.add }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.roles.addTitle }), "new role");

      await page.goto(org("/users"));
      await expect(page.getByText("Luca Verdi")).toBeVisible();
      await check(page, "users");
      await page
        .locator("label")
        .filter({ hasText: new RegExp(`^${l.users.filters.all}$`) })
        .click();
      await expect(page.getByText("Marco Rossi")).toBeVisible();
      await check(page, "users with the invitations");
      await page
        .getByRole("row")
        .filter({ hasText: "Marco Rossi" })
        .getByRole("button", { name: l.users.revokeInvitation })
        .click();
      await checkDialog(page, page.getByRole("dialog", { name: l.users.revokeTitle }), "revoke invitation");
      await page.getByRole("button", { name: l.users.invite }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.inviteUserForm.title }), "invite user");

      await page.goto(org(`/users/${studio.luca}`));
      await expect(page.getByText(l.contracts.types["full-time"]).first()).toBeVisible();
      await check(page, "user details");
      await page.getByRole("button", { name: l.contracts.add }).first().click();
      const contract = page.getByRole("dialog", { name: l.contracts.addTitle });
      await contract.locator("label").filter({ hasText: l.contracts.types["part-time"] }).click();
      await checkDialog(page, contract, "new contract, part-time");
      await page.getByRole("button", { name: fill(l.contracts.editRow, { from: "01/01/2025" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.contracts.editTitle }), "edit contract");
      await page.getByRole("button", { name: fill(l.contracts.deleteRow, { from: "01/01/2025" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.contracts.deleteTitle }), "delete contract");
      await page.getByRole("button", { name: l.users.removeAction }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: fill(l.users.removeTitle, { name: "Luca Verdi" }) }),
        "remove user",
      );

      await page.goto(org("/overheads"));
      await expect(page.getByText(/1\.850,00/)).toBeVisible();
      await check(page, "overheads");
      await page.getByRole("button", { name: l.overheads.add }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.overheads.newTitle }), "new overhead");
      await page.getByRole("button", { name: fill(l.overheads.delete, { from: "01/01/2026" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.overheads.deleteTitle }), "delete overhead");

      await page.goto(org("/holidays"));
      await expect(page.getByTestId("holiday-group-row")).toBeVisible();
      await check(page, "holidays and time off");
      await page.getByRole("button", { name: fill(l.holidays.groups.edit, { name: "Italia" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.holidays.groups.editTitle }), "edit holiday group");
      await page.goto(user("time-off"));
      await expect(page.getByTestId("time-off-balance").first()).toBeVisible();
      await check(page, "time off");
      await page.getByRole("button", { name: l.timeOff.request }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.timeOff.requestTitle }), "request time off");

      await page.goto(org("/reports/timesheet"));
      await expect(page.getByRole("button", { name: l.timesheet.generate })).toBeVisible();
      await check(page, "timesheet");
      const today = romeToday();
      for (const [label, date] of [
        [l.timesheet.from, today.replace(/-\d\d$/, "-01")],
        [l.timesheet.to, today],
      ] as const) {
        const input = page.getByRole("textbox", { name: label, exact: true });
        await input.fill(date.split("-").reverse().join("/"));
        await input.press("Tab");
      }
      await page.getByRole("button", { name: l.timesheet.generate }).click();
      await expect(page.getByRole("region", { name: l.timesheet.rowsTitle })).toBeVisible();
      await check(page, "timesheet, generated");

      await page.goto(org("/approvals"));
      await expect(page.getByText(l.approvals.status.submitted, { exact: true })).toBeVisible();
      await check(page, "approvals");
      await page.getByRole("button", { name: fill(l.approvals.rejectLabel, { name: "Luca Verdi" }) }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: fill(l.approvals.dialog.rejectTitle, { name: "Luca Verdi" }) }),
        "reject a timesheet",
      );
      await page.getByRole("button", { name: fill(l.approvals.showEntries, { name: "Luca Verdi" }) }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: fill(l.approvals.entries.title, { name: "Luca Verdi" }) }),
        "a person's entries of the period",
      );

      await page.goto(org("/audit"));
      const contractAdded = page.getByTestId("audit-row").filter({ hasText: l.audit.kinds.contractCreated }).first();
      await expect(contractAdded).toBeVisible();
      await check(page, "audit log");
      await contractAdded.getByRole("button").click();
      await expect(page.getByTestId("audit-changes").filter({ visible: true })).toBeVisible();
      // The colours at rest: the pointer would leave the button in its hover state.
      await page.mouse.move(0, 0);
      await check(page, "audit log with an event's details");

      const otherDevice = await request.post("/api/v1/auth/basic", {
        headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1" },
        data: { email: studio.email, password },
      });
      expect(otherDevice.status()).toBe(200);
      // This server is reached at 127.0.0.1, where the browser makes no passkey (WebAuthn refuses an IP address as the
      // relying party): the list is answered here with one, so that its row and dialogs are drawn and checked. The
      // ceremonies themselves are passkeys.spec.ts's, on a server at localhost.
      const passkeys = l.screens.profile.passkeys;
      await page.route("**/api/v1/auth/passkeys", (route) =>
        route.request().method() === "GET"
          ? route.fulfill({
              json: [
                {
                  id: "00000000-0000-4000-8000-0000000000aa",
                  name: "MacBook",
                  created_at: Date.now() - 86_400_000,
                  last_used_at: Date.now() - 3_600_000,
                  device_type: "multiDevice",
                  backed_up: true,
                },
              ],
            })
          : route.fallback(),
      );
      await page.goto(user("profile"));
      await expect(page.getByRole("button", { name: l.screens.profile.sessions.signOutOthers })).toBeVisible();
      await expect(page.getByTestId("passkey-row")).toHaveCount(1);
      await check(page, "profile");
      await page.getByRole("button", { name: passkeys.add }).click();
      await checkDialog(page, page.getByRole("dialog", { name: passkeys.addTitle }), "add a passkey");
      await page.getByRole("button", { name: fill(passkeys.renameLabel, { name: "MacBook" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: passkeys.renameTitle }), "rename a passkey");
      await page.getByRole("button", { name: fill(passkeys.removeLabel, { name: "MacBook" }) }).click();
      await checkDialog(page, page.getByRole("dialog", { name: passkeys.confirmRemoveTitle }), "remove a passkey");
      await page.unroute("**/api/v1/auth/passkeys");
      await page.getByRole("button", { name: l.screens.profile.sessions.signOutOthers }).click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: l.screens.profile.sessions.confirmOthersTitle }),
        "sign out of the other devices",
      );
      await page
        .getByRole("button", { name: fill(l.leaveOrganization.action, { organization: "Studio Bianchi" }) })
        .click();
      await checkDialog(
        page,
        page.getByRole("dialog", { name: fill(l.leaveOrganization.confirmTitle, { organization: "Studio Bianchi" }) }),
        "leave the organization",
      );

      await page.goto(user("teamplan"));
      await expect(page.getByText(l.pages.comingSoon.title)).toBeVisible();
      await check(page, "coming soon");
      await page.goto(user("nowhere"));
      await expect(page.getByText(l.pages.notFound.title)).toBeVisible();
      await check(page, "not found");
      await page.getByRole("button", { name: /0\.\d+\.\d+/ }).click();
      await checkDialog(page, page.getByRole("dialog"), "changelog");
      await page.getByRole("button", { name: l.components.sidebar.profileMenu }).click();
      await expect(page.getByRole("menuitem").first()).toBeVisible();
      await check(page, "profile menu", overlays);
      await page.getByRole("menuitem", { name: l.menu.logout }).click();
      await checkDialog(page, page.getByRole("dialog", { name: l.components.logout.title }), "log out");
    });
  });
}

for (const language of languages) {
  const l = texts[language];
  const t = l.twoFactor;
  test.describe(`two-factor sign-in's accessibility in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US", timezoneId: rome, actionTimeout: 15_000 });

    test("the two-factor section, its dialogs, the code step and the enrolment page have no serious violation", async ({
      browser,
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const account = await createOnboardedUser(request, { nominative: "Ada Two", organization: "Gamma" });
      const headers = bearer(account.token);
      expect((await request.patch(`/api/v1/user/${account.uid}`, { headers, data: { language } })).status()).toBe(200);
      await page.addInitScript((lang) => localStorage.setItem("language", lang), language);
      await enterPassword(page, account.email, language);
      await expect(page).toHaveURL(/\/board$/);

      await page.goto(`/user/${account.uid}/profile`);
      const section = page.getByRole("region", { name: t.profile.title });
      await section.getByRole("button", { name: t.profile.enable }).click();
      const setup = page.getByRole("dialog", { name: t.setup.title });
      await expect(setup.getByRole("img", { name: t.setup.qrLabel })).toBeVisible();
      await check(page, "two-factor setup", overlays);
      const secret = (await setup.getByTestId("totp-secret").innerText()).replaceAll(" ", "");
      await setup.getByRole("textbox", { name: t.setup.codeLabel }).fill(totpCode(secret));
      await setup.getByRole("button", { name: t.setup.turnOn }).click();
      await expect(setup.getByTestId("recovery-codes")).toBeVisible();
      await check(page, "two-factor recovery codes", overlays);
      await setup.getByRole("checkbox", { name: t.recoveryCodes.saved }).check();
      await setup.getByRole("button", { name: t.recoveryCodes.done }).click();
      await expect(setup).toBeHidden();
      await expect(section.getByText(t.profile.onText)).toBeVisible();
      await check(page, "profile with two-factor on");
      await section.getByRole("button", { name: t.profile.regenerate }).click();
      await checkDialog(page, page.getByRole("dialog", { name: t.profile.regenerateTitle }), "new recovery codes");
      await section.getByRole("button", { name: t.profile.disable }).click();
      await checkDialog(page, page.getByRole("dialog", { name: t.profile.disableTitle }), "turn off two-factor");

      await signOut(page);
      await enterPassword(page, account.email, language);
      await expect(page.getByRole("textbox", { name: t.signIn.codeLabel })).toBeVisible();
      await check(page, "sign-in code step");
      await page.getByRole("button", { name: t.signIn.useRecoveryCode }).click();
      await expect(page.getByRole("textbox", { name: t.signIn.recoveryCodeLabel })).toBeVisible();
      await check(page, "sign-in recovery code step");

      // A member of an organization that requires a second factor, on a device of their own.
      const member = await addColleague(request, account, { roleName: "Member", nominative: "Bea Member" });
      await request.patch(`/api/v1/user/${member.uid}`, { headers: bearer(member.token), data: { language } });
      await request.patch(`/api/v1/organization/${member.organizationId}`, {
        headers,
        data: { require_two_factor: true },
      });
      const device = await browser.newContext({ locale: language === "it" ? "it-IT" : "en-US" });
      try {
        const memberPage = await device.newPage();
        await memberPage.addInitScript((lang) => localStorage.setItem("language", lang), language);
        await enterPassword(memberPage, member.email, language);
        await expect(memberPage).toHaveURL(/\/two-factor\/enrol$/);
        await expect(memberPage.getByRole("img", { name: t.setup.qrLabel })).toBeVisible();
        await check(memberPage, "two-factor enrolment");
      } finally {
        await device.close();
      }
    });
  });
}

test.describe("keyboard focus", () => {
  test.use({ actionTimeout: 15_000 });

  test("a modal opened from the keyboard shows its focus, keeps it inside and gives it back when closed", async ({
    page,
    request,
  }) => {
    const l = texts.en;
    const admin = await createOnboardedUser(request, { organization: "Focus Lab" });
    const me = await getMe(request, admin.token);
    await page.addInitScript((token) => {
      localStorage.setItem("session", JSON.stringify({ token }));
      localStorage.setItem("language", "en");
    }, admin.token);
    await page.goto(`/organization/${me.organization.uid}/customers`);
    const opener = page.getByRole("button", { name: l.customers.newCustomer });
    await expect(opener).toBeVisible();

    // The focus ring shows on keyboard focus only (Mantine's focusRing "auto", :focus-visible).
    const ring = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
      });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: l.customers.newTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: l.common.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect((await ring(opener)).style, "no ring after the mouse").toBe("none");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(opener).toBeFocused();
    expect(await ring(opener), "a ring after Tab").toMatchObject({ style: "solid" });
    expect((await ring(opener)).width).toBeGreaterThanOrEqual(2);

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: l.customers.nominative })).toBeFocused();
    const insideDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')) && document.hasFocus());
    const stops = new Set<string>();
    let buttons = 0;
    for (const key of [...Array(14).fill("Tab"), ...Array(14).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      expect(await insideDialog(), `the focus left the dialog after ${key}`).toBe(true);
      const focused = page.locator(":focus");
      const html = await focused.evaluate((element) => element.outerHTML.slice(0, 120));
      stops.add(html);
      if (html.startsWith("<button")) {
        buttons++;
        expect((await ring(focused)).style, `a ring on ${html}`).toBe("solid");
      }
    }
    // Fourteen presses each way went round the dialog's few controls: the focus wrapped instead of escaping.
    expect(stops.size).toBeGreaterThan(3);
    expect(stops.size).toBeLessThan(14);
    expect(buttons).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
