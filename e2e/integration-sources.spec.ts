import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import {
  afterBoardRefresh,
  boxOf,
  choose,
  createProjectWithTask,
  dragBetween,
  eventsBetween,
  rome,
  romeTime,
  slotPoint,
  week,
} from "./support/board.ts";
import { openSignedIn } from "./support/helpers.ts";
import {
  boardUser,
  confirmAndSeeWrittenBack,
  connectJira,
  connectPaymo,
  connectThroughConsent,
  controlFake,
  type ItemService,
  openPanel,
  runTag,
} from "./support/item-services.ts";
import { fill, texts } from "./support/texts.ts";

/**
 * Issue 15's side panel, in both languages, against the fakes of the global setup: for each of Todoist, Asana, Paymo
 * and Jira the person connects it (Todoist and Asana through their consent pages from the integrations page; Paymo's
 * key and Jira's token through the API, the credentials modal being the integrations page's own journey), filters the
 * panel's list, drags a card onto Thursday 14:00 (a one-hour activity with the service as its source and the item's
 * id, Jira's key, as its source id) and, where the service allows, completes an item (its card goes, the fake has it
 * closed). The dropped block, given a project in its form, has its time confirmed from its menu once it has ended: the
 * fake then holds one record of its hour with the block's reference (Todoist's comment, Asana's comment story,
 * Paymo's time entry, Jira's worklog), and the block's form says the time is written.
 */
test.use({ timezoneId: rome });

/** The titles of the cards a list shows, in order. */
const titlesOf = (list: Locator) =>
  list.getByRole("article").evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")));

/**
 * The today switch, clicked where a person clicks it: Mantine draws its track over the visually hidden input, so the
 * pointer lands on the track, which Playwright's check for what receives the click refuses.
 */
async function flipToday(panel: Locator, name: string) {
  await panel.getByRole("switch", { name }).click({ force: true });
}

/**
 * Drags the card onto Thursday 14:00 and expects the board's new one-hour block, saved with the service and the id;
 * answers the block's id.
 */
async function dropOnThursday(
  page: Page,
  request: APIRequestContext,
  owner: { token: string; uid: string },
  card: Locator,
  expected: { title: string; source: ItemService; sourceId: string },
): Promise<string> {
  const box = await boxOf(card);
  const target = await slotPoint(page, week.thursday, "14:00");
  await afterBoardRefresh(page, () => dragBetween(page, { x: box.x + 24, y: box.y + 12 }, target));
  await expect(
    page.getByRole("button", { name: new RegExp(`^${expected.title}, 14:00\\s?–\\s?15:00`) }).first(),
  ).toBeVisible();
  const stored = await eventsBetween(request, owner, week.thursday, week.thursday);
  expect(stored).toEqual([
    expect.objectContaining({
      title: expected.title,
      start_time: romeTime(week.thursday, "14:00"),
      end_time: romeTime(week.thursday, "15:00"),
      event_type: "activity",
      elapsed_time: 0,
      source: expected.source,
      source_id: expected.sourceId,
      task_linked_id: null,
    }),
  ]);
  return stored[0]?.id ?? "";
}

/** The Timetrap project the person gives the dropped block before confirming its time. */
const clientWork = { project: "Client work", task: "Support", category: "Development" };

/**
 * The dropped block, given a project, its time confirmed once it has ended (Thursday 15:30): written back to the
 * service once, with its note, and the block's form says so.
 */
const writtenBack = (
  page: Page,
  request: APIRequestContext,
  language: "en" | "it",
  block: { service: ItemService; itemId: string; eventId: string; title: string },
) =>
  confirmAndSeeWrittenBack(page, request, language, {
    ...block,
    project: clientWork.project,
    after: romeTime(week.thursday, "15:30"),
    day: "19/03/2026",
  });

for (const language of ["en", "it"] as const) {
  test.describe(`the side panel's outside sources (${language})`, () => {
    const l = texts[language];
    const s = l.itemSources;

    test.beforeEach(async ({ page }) => {
      // Wednesday 18 March 2026, 15:00 in Rome: "today" and the board's week are the same on any day the suite runs.
      await page.clock.install({ time: week.now });
      await page.clock.resume();
    });

    test(`Todoist: connected on its consent page, filtered to today or a project, a task dropped and one closed (${language})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const owner = await boardUser(request, language, "Ada Lovelace");
      await createProjectWithTask(request, owner, clientWork);
      await openSignedIn(page, owner.token, `/user/${owner.uid}/integrations`, language);
      await connectThroughConsent(page, "todoist", fill(l.integrations.toggle, { service: "Todoist" }), owner.email);

      const website = await controlFake<{ id: string }>(request, "todoist", "projects", {
        email: owner.email,
        project: { name: "Website" },
      });
      const task = (content: string, due: string | null, extra: object = {}) =>
        controlFake<{ id: string }>(request, "todoist", "tasks", {
          email: owner.email,
          task: { content, due, project_id: website.id, ...extra },
        });
      const invoice = await task("Send the invoice", week.wednesday, { priority: 4 });
      const printer = await task("Call the printer", week.tuesday);
      await task("Plan the retrospective", week.friday);
      await controlFake(request, "todoist", "tasks", {
        email: owner.email,
        task: { content: "Water the plants", due: null },
      });

      const { list } = await openPanel(page, owner, "todoist", language);
      expect(await titlesOf(list)).toEqual([
        "Call the printer",
        "Send the invoice",
        "Plan the retrospective",
        "Water the plants",
      ]);
      const invoiceCard = list.getByRole("article", { name: "Send the invoice" });
      await expect(invoiceCard).toContainText("Website");
      await expect(invoiceCard).toContainText(l.tasks.priorities.high);
      await expect(
        invoiceCard.getByRole("link", { name: fill(s.card.openItem, { title: "Send the invoice", name: "Todoist" }) }),
      ).toHaveAttribute("href", `https://app.todoist.com/app/task/${invoice.id}`);

      // Today's (the late one with them), then one project's.
      await page.getByRole("button", { name: fill(s.filter.button, { filter: s.filter.all }) }).click();
      await page.getByRole("radio", { name: new RegExp(`^${s.filter.today}`) }).click();
      await expect.poll(() => titlesOf(list)).toEqual(["Call the printer", "Send the invoice"]);
      await page.getByRole("button", { name: fill(s.filter.button, { filter: s.filter.today }) }).click();
      await page.getByRole("radio", { name: "Inbox" }).click();
      await expect.poll(() => titlesOf(list)).toEqual(["Water the plants"]);
      await page.getByRole("button", { name: fill(s.filter.button, { filter: "Inbox" }) }).click();
      await page.getByRole("radio", { name: s.filter.all }).click();
      await expect.poll(() => titlesOf(list)).toHaveLength(4);

      const invoiceBlock = await dropOnThursday(page, request, owner, invoiceCard, {
        title: "Send the invoice",
        source: "todoist",
        sourceId: invoice.id,
      });

      // Closed in Todoist: the toast, the card gone, the fake has it checked.
      await list.getByRole("button", { name: fill(s.card.completeItem, { title: "Call the printer" }) }).click();
      await expect(page.getByText(l.common.actionExecutedSuccessfully)).toBeVisible();
      await expect(list.getByRole("article", { name: "Call the printer" })).toHaveCount(0);
      const inTodoist = await controlFake<{ id: string; checked: boolean }[]>(
        request,
        "todoist",
        "tasks",
        { email: owner.email },
        "GET",
      );
      expect(inTodoist.find((stored) => stored.id === printer.id)).toMatchObject({ checked: true });

      // The dropped task's hour, confirmed: a comment on it in Todoist.
      await writtenBack(page, request, language, {
        service: "todoist",
        itemId: invoice.id,
        eventId: invoiceBlock,
        title: "Send the invoice",
      });
    });

    test(`Asana: connected on its consent page, a workspace's projects and today's tasks, one dropped and one completed (${language})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const owner = await boardUser(request, language, "Ada Lovelace");
      await createProjectWithTask(request, owner, clientWork);
      await openSignedIn(page, owner.token, `/user/${owner.uid}/integrations`, language);
      await connectThroughConsent(page, "asana", fill(l.integrations.toggle, { service: "Asana" }), owner.email);

      const acme = await controlFake<{ gid: string }>(request, "asana", "workspaces", {
        email: owner.email,
        workspace: { name: "Acme" },
      });
      await controlFake(request, "asana", "workspaces", { email: owner.email, workspace: { name: "Home" } });
      const project = (name: string) =>
        controlFake<{ gid: string }>(request, "asana", "projects", {
          email: owner.email,
          workspaceGid: acme.gid,
          project: { name },
        });
      const legal = await project("Legal");
      const website = await project("Website");
      const task = (name: string, due_on: string | null, projectGid: string) =>
        controlFake<{ gid: string }>(request, "asana", "tasks", {
          email: owner.email,
          task: { name, due_on, projects: [projectGid], html_notes: `<body>${name}: <em>notes</em></body>` },
        });
      const contract = await task("Review the contract", week.wednesday, legal.gid);
      const banner = await task("Draw the banner", week.friday, website.gid);
      await task("Renew the domain", week.monday, website.gid);

      const { panel, list } = await openPanel(page, owner, "asana", language);
      await expect(panel.getByRole("combobox", { name: s.filter.workspace })).toHaveValue("Acme");
      await expect(panel.getByRole("combobox", { name: s.filter.project })).toHaveValue(s.filter.allProjects);
      await expect.poll(() => titlesOf(list)).toEqual(["Renew the domain", "Review the contract", "Draw the banner"]);
      await expect(list.getByRole("article", { name: "Review the contract" })).toContainText(
        "Review the contract: notes",
      );

      await choose(panel, page, s.filter.project, "Website");
      await expect.poll(() => titlesOf(list)).toEqual(["Renew the domain", "Draw the banner"]);
      await flipToday(panel, s.filter.todayOnly);
      await expect.poll(() => titlesOf(list)).toEqual(["Renew the domain"]);
      await flipToday(panel, s.filter.todayOnly);
      await choose(panel, page, s.filter.project, s.filter.allProjects);
      await expect.poll(() => titlesOf(list)).toHaveLength(3);

      const bannerBlock = await dropOnThursday(
        page,
        request,
        owner,
        list.getByRole("article", { name: "Draw the banner" }),
        {
          title: "Draw the banner",
          source: "asana",
          sourceId: banner.gid,
        },
      );

      await list.getByRole("button", { name: fill(s.card.completeItem, { title: "Review the contract" }) }).click();
      await expect(page.getByText(l.common.actionExecutedSuccessfully)).toBeVisible();
      await expect(list.getByRole("article", { name: "Review the contract" })).toHaveCount(0);
      const inAsana = await controlFake<{ gid: string; completed: boolean }[]>(
        request,
        "asana",
        "tasks",
        { email: owner.email },
        "GET",
      );
      expect(inAsana.find((stored) => stored.gid === contract.gid)).toMatchObject({ completed: true });

      // The dropped task's hour, confirmed: a comment story on it in Asana.
      await writtenBack(page, request, language, {
        service: "asana",
        itemId: banner.gid,
        eventId: bannerBlock,
        title: "Draw the banner",
      });
    });

    test(`Paymo: connected with its API key, filtered by project and to today, a task dropped (${language})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const owner = await boardUser(request, language, "Ada Lovelace");
      await createProjectWithTask(request, owner, clientWork);
      await connectPaymo(request, owner);
      // Paymo's projects are the company's: this run's have names of their own.
      const tag = runTag();
      const branding = await controlFake<{ id: number }>(request, "paymo", "projects", { name: `Branding ${tag}` });
      const shop = await controlFake<{ id: number }>(request, "paymo", "projects", { name: `Shop ${tag}` });
      const task = (name: string, project_id: number, due_date: string | null) =>
        controlFake<{ id: number }>(request, "paymo", "tasks", { name, project_id, due_date });
      const logo = await task(`Draw the logo ${tag}`, branding.id, week.wednesday);
      await task(`Pick the colours ${tag}`, branding.id, null);
      await task(`Price the shirts ${tag}`, shop.id, week.monday);

      await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
      const { panel, list } = await openPanel(page, owner, "paymo", language);
      await choose(panel, page, s.filter.project, `Branding ${tag}`);
      await expect.poll(() => titlesOf(list)).toEqual([`Draw the logo ${tag}`, `Pick the colours ${tag}`]);
      await flipToday(panel, s.filter.todayOnly);
      await expect.poll(() => titlesOf(list)).toEqual([`Draw the logo ${tag}`]);
      await choose(panel, page, s.filter.project, `Shop ${tag}`);
      await expect.poll(() => titlesOf(list)).toEqual([`Price the shirts ${tag}`]);
      await choose(panel, page, s.filter.project, `Branding ${tag}`);

      const logoBlock = await dropOnThursday(
        page,
        request,
        owner,
        list.getByRole("article", { name: `Draw the logo ${tag}` }),
        {
          title: `Draw the logo ${tag}`,
          source: "paymo",
          sourceId: String(logo.id),
        },
      );
      // Paymo's tasks are completed in Paymo.
      await expect(
        list.getByRole("button", { name: fill(s.card.completeItem, { title: `Draw the logo ${tag}` }) }),
      ).toHaveCount(0);

      // The dropped task's hour, confirmed: a time entry of the task in Paymo.
      await writtenBack(page, request, language, {
        service: "paymo",
        itemId: String(logo.id),
        eventId: logoBlock,
        title: `Draw the logo ${tag}`,
      });
    });

    test(`Jira: connected with its API token, filtered by issue type with the drawn icons, an issue dropped by its key (${language})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const owner = await boardUser(request, language, "Ada Lovelace");
      await createProjectWithTask(request, owner, clientWork);
      await connectJira(request, owner);
      const project = runTag();
      const issue = (summary: string, type: string, updated: number) =>
        controlFake<{ key: string }>(request, "jira", "issues", {
          project,
          summary,
          type,
          assignee: owner.email,
          updated,
        });
      const bug = await issue("Login fails with a long password", "Bug", week.now - 1000);
      await issue("Checkout in one page", "Story", week.now);
      await issue("Password reset", "Story", week.now - 2000);
      await controlFake(request, "jira", "issues", {
        project,
        summary: "Someone else's",
        type: "Task",
        assignee: null,
      });

      await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
      const { panel, list } = await openPanel(page, owner, "jira", language);
      // Jira's order: the most recently updated first.
      await expect
        .poll(() => titlesOf(list))
        .toEqual(["Checkout in one page", "Login fails with a long password", "Password reset"]);
      const bugCard = list.getByRole("article", { name: "Login fails with a long password" });
      await expect(bugCard).toContainText(`${bug.key} · Bug`);
      await expect(bugCard.locator("[data-kind=bug]")).toBeVisible();
      await expect(panel.locator("img")).toHaveCount(0);

      await choose(panel, page, s.filter.issueType, "Story");
      await expect.poll(() => titlesOf(list)).toEqual(["Checkout in one page", "Password reset"]);
      await choose(panel, page, s.filter.issueType, "Bug");
      await expect.poll(() => titlesOf(list)).toEqual(["Login fails with a long password"]);

      const bugBlock = await dropOnThursday(page, request, owner, bugCard, {
        title: "Login fails with a long password",
        source: "jira",
        sourceId: bug.key,
      });

      // The dropped issue's hour, confirmed: a worklog on it in Jira.
      await writtenBack(page, request, language, {
        service: "jira",
        itemId: bug.key,
        eventId: bugBlock,
        title: "Login fails with a long password",
      });
    });
  });
}
