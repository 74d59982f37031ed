import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { bearer, createBoardUser, createEvent, eventsBetween, rome, romeTime, tile, week } from "./support/board.ts";
import { addColleague, openSignedIn } from "./support/helpers.ts";

test.use({ timezoneId: rome });

/**
 * A person at €40 an hour on a full-time 8-hour contract, a project with a €2,000 budget and a task, and a week of
 * blocks in Rome (16–22 March 2026): 3 h of research logged on the task, a client call not yet confirmed, 2 h planned
 * and 1 h 30 of a bank call logged on no project.
 */
async function createWeek(request: APIRequestContext) {
  const owner = await createBoardUser(request, "Giulia Bianchi");
  const headers = bearer(owner.token);
  const org = owner.organizationId;
  const contract = await request.post(`/api/v1/organization/${org}/user/${owner.uid}/contract`, {
    headers,
    data: {
      contract_type: "full-time",
      contractual_hours: 8,
      hourly_cost: 40,
      productivity_target: 80,
      from_date: "2026-01-01",
    },
  });
  expect(contract.status(), await contract.text()).toBe(201);
  const customer = await request.post(`/api/v1/organization/${org}/customer`, {
    headers,
    data: { nominative: "Caffè Nero" },
  });
  const project = await request.post(`/api/v1/organization/${org}/project`, {
    headers,
    data: {
      title: "Sito Caffè Nero",
      customer_id: ((await customer.json()) as { uid: string }).uid,
      project_manager_id: owner.uid,
      salesaccount: [owner.uid],
      budget: 2000,
      start_date: "2026-03-01",
      end_date: "2026-04-30",
    },
  });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = ((await project.json()) as { uid: string }).uid;
  const task = await request.post(`/api/v1/organization/${org}/task`, {
    headers,
    data: { name: "Menu page", projectId, userId: owner.uid },
  });
  expect(task.status()).toBe(201);
  const taskId = ((await task.json()) as { uid: string }).uid;

  await createEvent(request, owner, {
    title: "Research",
    start_time: romeTime(week.monday, "09:00"),
    end_time: romeTime(week.monday, "12:00"),
    completed: true,
    project_id: projectId,
    task_linked_id: taskId,
  });
  await createEvent(request, owner, {
    title: "Call with the bank",
    start_time: romeTime(week.monday, "14:00"),
    end_time: romeTime(week.monday, "15:30"),
    completed: true,
  });
  await createEvent(request, owner, {
    title: "Client call",
    start_time: romeTime(week.tuesday, "10:00"),
    end_time: romeTime(week.tuesday, "11:00"),
    project_id: projectId,
  });
  await createEvent(request, owner, {
    title: "Menu layout",
    start_time: romeTime(week.wednesday, "09:00"),
    end_time: romeTime(week.wednesday, "11:00"),
    event_type: "planning",
    project_id: projectId,
  });
  return { ...owner, projectId };
}

async function typeDate(page: Page, label: string, date: string) {
  const input = page.getByRole("textbox", { name: label, exact: true });
  await input.fill(date);
  await input.press("Tab");
}

test.describe("in a fixed week", () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: week.now });
    await page.clock.resume();
  });

  test("time logged on the board shows in the timesheet and its CSV, the dashboard's rings and the project's Insights, and an unassigned entry is filed from the dashboard", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const owner = await createWeek(request);

    // Decision 013: the charts' library loads with the pages that draw charts, not with the app.
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const chartsLoaded = () => scripts.some((path) => /\/assets\/charts-[^/]*\.js$/.test(path));

    // The board: the client call is confirmed, so its hour is logged.
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);
    await tile(page, "Client call").click({ button: "right" });
    await page.getByRole("menuitem", { name: "Confirm time" }).click();
    await expect
      .poll(async () => (await eventsBetween(request, owner, week.tuesday, week.tuesday))[0]?.completed)
      .toBe(true);

    // The timesheet, by project, from the sidebar: Organization, People, Timesheet.
    const sidebar = page.getByRole("navigation", { name: "Main navigation" });
    await sidebar.getByText("Organization", { exact: true }).click();
    await sidebar.getByText("People", { exact: true }).click();
    await sidebar.getByRole("link", { name: "Timesheet" }).click();
    await expect(page).toHaveURL(`/organization/${owner.organizationId}/reports/timesheet`);
    await page.getByText("By project", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "By project" })).toBeChecked();
    const generate = page.getByRole("button", { name: "Generate" });
    await expect(generate).toBeDisabled();
    await typeDate(page, "From", "16/03/2026");
    await typeDate(page, "To", "22/03/2026");
    await generate.click();
    const rows = page.getByRole("region", { name: "Rows" });
    await expect(rows.getByRole("row")).toHaveCount(4);
    const research = rows.getByRole("row").filter({ hasText: "2026-03-16" }).filter({ hasText: "03:00" });
    await expect(research).toContainText("Monday");
    await expect(research.getByRole("link", { name: "Sito Caffè Nero" })).toHaveAttribute(
      "href",
      `/user/${owner.uid}/projects/${owner.projectId}?organizationId=${owner.organizationId}`,
    );
    await expect(research).toContainText("Caffè Nero");
    await expect(rows.getByRole("row").filter({ hasText: "01:30" })).toContainText("No project");
    await expect(rows.getByRole("row").filter({ hasText: "2026-03-17" })).toContainText("01:00");
    const totals = page.getByRole("region", { name: "Totals per user" });
    await expect(totals.getByRole("row").filter({ hasText: "Giulia Bianchi" })).toContainText("05:30");

    // The export is the server's CSV, as the API gives it to a script.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await readFile(await (await download).path());
    const api = await request.get("/api/v1/report/timesheet", {
      headers: bearer(owner.token),
      params: { start_date: "2026-03-16", end_date: "2026-03-22", timesheet_type: "byProject", format: "csv" },
    });
    expect(api.status()).toBe(200);
    expect(file.equals(await api.body())).toBe(true);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString("utf8").trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => line.includes("Sito Caffè Nero") && line.includes(";"))).toBe(true);
    expect((await download).suggestedFilename()).toBe("timesheet-byProject-2026-03-16-2026-03-22.csv");

    expect(chartsLoaded()).toBe(false);

    // The dashboard's week: 5 h 30 of 40 h logged, 4 h of them on a billable project.
    await sidebar.getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByTestId("week-label")).toHaveText("16/03/2026 – 22/03/2026");
    await expect(page.getByRole("img", { name: "Work logged: 13.8%" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Billable hours: 10.0%" })).toBeVisible();
    await expect(page.getByTestId("ring-logged")).toContainText("5.5 h");
    expect(chartsLoaded()).toBe(true);
    await expect(page.getByTestId("plan-versus-actual")).toContainText("+3.5 h");

    // The bank call gets the project: the toast comes, the row leaves, the rings move.
    const unassigned = page.getByRole("region", { name: "Unassigned entries" });
    await expect(unassigned.getByRole("row")).toHaveCount(2);
    const picker = "Project of “Call with the bank”";
    await unassigned
      .getByRole("textbox", { name: picker })
      .or(unassigned.getByRole("combobox", { name: picker }))
      .first()
      .click();
    await page.getByRole("option", { name: "Sito Caffè Nero" }).click();
    await expect(page.getByText("Action executed successfully")).toBeVisible();
    await expect(unassigned.getByText("Everything is filed")).toBeVisible();
    await expect(page.getByRole("img", { name: "Billable hours: 13.8%" })).toBeVisible();
    const bank = (await eventsBetween(request, owner, week.monday, week.monday)).find(
      (event) => event.title === "Call with the bank",
    );
    expect(bank?.project_id).toBe(owner.projectId);

    // The project's Insights: 5 h 30 at €40 of a €2,000 budget, 2 h planned.
    await page.goto(
      `/user/${owner.uid}/projects/${owner.projectId}?organizationId=${owner.organizationId}&tab=insights`,
    );
    await expect(page.getByTestId("insights-used")).toContainText("220,00");
    await expect(page.getByTestId("insights-available")).toContainText("1.780,00");
    await expect(page.getByTestId("insights-margin")).toContainText("89.00%");
    const pva = page.getByTestId("insights-plan-versus-actual");
    await expect(pva).toContainText("2.0 h");
    await expect(pva).toContainText("5.5 h");
    await expect(pva).toContainText("+3.5 h");
    await expect(pva).toContainText("+140,00");

    // Its Activities: the three entries; its Tasks: the research logged on the task.
    await page.getByRole("tab", { name: "Activities" }).click();
    const entries = page.getByRole("table");
    await expect(entries.getByRole("row")).toHaveCount(5);
    await expect(entries).toContainText("Entries: 3");
    await expect(entries).toContainText("05:30");
    // Newest first; a header's click asks the server again, and the CSV comes in the order on screen.
    const titles = () => entries.locator("tbody tr td:nth-child(2)");
    await expect(titles()).toHaveText(["Client call", "Call with the bank", "Research"]);
    const asked = (direction: string) =>
      page.waitForRequest((request) => {
        const url = new URL(request.url());
        return (
          url.pathname.endsWith("/report") &&
          url.searchParams.get("sort") === "elapsed" &&
          url.searchParams.get("direction") === direction
        );
      });
    const ascending = asked("asc");
    await entries.getByRole("button", { name: "Elapsed" }).click();
    await ascending;
    await expect(titles()).toHaveText(["Client call", "Call with the bank", "Research"]);
    const descending = asked("desc");
    await entries.getByRole("button", { name: "Elapsed" }).click();
    await descending;
    await expect(titles()).toHaveText(["Research", "Call with the bank", "Client call"]);
    await expect(entries.getByRole("columnheader", { name: "Elapsed" })).toHaveAttribute("aria-sort", "descending");
    const saved = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const csv = await readFile(await (await saved).path());
    const fromApi = await request.get(
      `/api/v1/organization/${owner.organizationId}/project/${owner.projectId}/report`,
      {
        headers: bearer(owner.token),
        params: { format: "csv", sort: "elapsed", direction: "desc" },
      },
    );
    expect(csv.equals(await fromApi.body())).toBe(true);
    expect(
      csv
        .toString("utf8")
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(";")[1]),
    ).toEqual(["Research", "Call with the bank", "Client call"]);
    await page.getByRole("tab", { name: "Tasks" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Menu page" })).toContainText("3.0");
  });
});

test("a member sees neither the timesheet nor the team tab; an admin on the free plan is told what the plan lacks", async ({
  page,
  browser,
  request,
}) => {
  const admin = await createBoardUser(request, "Giulia Bianchi");
  const member = await addColleague(request, admin, { roleName: "Member", nominative: "Sara Neri" });

  await openSignedIn(page, admin.token, `/user/${admin.uid}/dashboard?tab=team`);
  const notice = page.getByTestId("team-plan-notice");
  await expect(notice).toContainText("Your plan does not include the team dashboard");
  await expect(notice).toContainText("The Free plan");
  await notice.getByRole("link", { name: "See the plans" }).click();
  await expect(page).toHaveURL(`/organization/${admin.organizationId}/subscription`);

  const memberPage = await browser.newPage();
  await openSignedIn(memberPage, member.token, `/user/${member.uid}/dashboard`);
  await expect(memberPage.getByTestId("ring-logged")).toBeVisible();
  await expect(memberPage.getByRole("tab", { name: "Team" })).toHaveCount(0);
  const sidebar = memberPage.getByRole("navigation", { name: "Main navigation" });
  await expect(sidebar.getByRole("link", { name: "Timesheet" })).toHaveCount(0);
  await memberPage.goto(`/organization/${member.organizationId}/reports/timesheet`);
  await expect(memberPage.getByText("You need the right to read the timesheet to open this report.")).toBeVisible();
  const refused = await request.get("/api/v1/report/timesheet", {
    headers: bearer(member.token),
    params: { start_date: "2026-03-16", end_date: "2026-03-22" },
  });
  expect(refused.status()).toBe(403);
  await memberPage.close();
});
