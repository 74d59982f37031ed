import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { addColleague, createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An input by its label, whether Mantine renders it as a plain textbox or as a combobox. */
const field = (scope: Page | Locator, label: string) =>
  scope
    .getByRole("textbox", { name: label, exact: true })
    .or(scope.getByRole("combobox", { name: label, exact: true }))
    .first();

/** Picks `option` in a Mantine Select or MultiSelect found by its label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await field(scope, label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** An organization with an admin and an active colleague, ready for projects. */
async function portfolio(request: APIRequestContext) {
  const admin = await createOnboardedUser(request, { nominative: "Irene Rossi", organization: "Studio Rossi" });
  const me = await getMe(request, admin.token);
  const colleague = await addColleague(request, admin, { roleName: "Member", nominative: "Luca Verdi" });
  return { admin, me, colleague, org: me.organization.uid };
}

async function createProject(
  request: APIRequestContext,
  token: string,
  org: string,
  body: {
    title: string;
    customer: string;
    manager: string;
    sales: string;
    budget?: number;
    external_reference?: string;
  },
) {
  const customer = await request.post(`/api/v1/organization/${org}/customer`, {
    headers: bearer(token),
    data: { nominative: body.customer },
  });
  const created = await request.post(`/api/v1/organization/${org}/project`, {
    headers: bearer(token),
    data: {
      title: body.title,
      customer_id: ((await customer.json()) as { uid: string }).uid,
      project_manager_id: body.manager,
      salesaccount: [body.sales],
      budget: body.budget ?? 0,
      external_reference: body.external_reference ?? null,
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { uid: string; title: string };
}

test("a manager creates a project with its team, creating the customer inside the form", async ({ page, request }) => {
  const { admin, me, colleague, org } = await portfolio(request);
  await openSignedIn(page, admin.token, `/user/${me.uid}/projects?organizationId=${org}&v=all-projects`);

  await page.getByRole("button", { name: "Add project" }).first().click();
  const modal = page.getByRole("dialog", { name: "New project" });
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("Title is required")).toBeVisible();
  await expect(modal.getByText("Customer is required")).toBeVisible();

  await field(modal, "Title").fill("Sito web Caffè Nero");
  await field(modal, "Customer").fill("Caffè Nero");
  await page.getByRole("option", { name: "Create customer “Caffè Nero”" }).click();
  await expect(page.getByText("Customer created").last()).toBeVisible();
  await choose(modal, page, "Project manager", "Irene Rossi");
  await choose(modal, page, "Account managers", "Luca Verdi");
  await page.keyboard.press("Escape");
  await choose(modal, page, "Responsible", "Irene Rossi");
  await page.keyboard.press("Escape");
  await field(modal, "Budget").fill("12000");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Project created").last()).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("link", { name: "Sito web Caffè Nero" })).toBeVisible();

  const projects = (await (
    await request.get(`/api/v1/organization/${org}/project`, { headers: bearer(admin.token) })
  ).json()) as Array<Record<string, unknown>>;
  expect(projects).toEqual([
    expect.objectContaining({
      title: "Sito web Caffè Nero",
      customer: expect.objectContaining({ nominative: "Caffè Nero" }),
      budget: 12000,
      marginability_percentage: 30,
      status: expect.objectContaining({ key: "open" }),
      project_manager: expect.objectContaining({ uid: me.uid }),
      members: expect.arrayContaining([
        { user: expect.objectContaining({ uid: colleague.uid }), tags: ["sales"] },
        { user: expect.objectContaining({ uid: me.uid }), tags: ["responsible"] },
      ]),
    }),
  ]);
});

test("the table filters by a column and exports what it shows as CSV", async ({ page, request }) => {
  const { admin, me, colleague, org } = await portfolio(request);
  await createProject(request, admin.token, org, {
    title: "App Officine",
    customer: "Officine Rossi",
    manager: me.uid,
    sales: colleague.uid,
    budget: 8000.5,
    external_reference: "Q-7",
  });
  await createProject(request, admin.token, org, {
    title: "Sito Caffè",
    customer: "Caffè Nero",
    manager: me.uid,
    sales: colleague.uid,
  });
  await openSignedIn(page, admin.token, `/user/${me.uid}/projects?organizationId=${org}&v=all-projects`);

  await expect(page.getByRole("link", { name: "Sito Caffè" })).toBeVisible();
  await page.getByRole("textbox", { name: "Filter by Title" }).fill("officine");
  await expect(page.getByRole("link", { name: "App Officine" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sito Caffè" })).toHaveCount(0);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, "utf8");
  expect(csv).toBe(
    "\uFEFFtitle;customer;externalReference;projectManager;status;projectType;category;area;budget;currentMarginability;startDate;endDate\r\n" +
      "App Officine;Officine Rossi;Q-7;Irene Rossi;Open;;;;8000.5;100;;\r\n",
  );
});

test("a manager adds a brief note, a link, an update and an expense on the project page", async ({ page, request }) => {
  const { admin, me, colleague, org } = await portfolio(request);
  const project = await createProject(request, admin.token, org, {
    title: "Rebranding",
    customer: "Acme Italia",
    manager: me.uid,
    sales: colleague.uid,
    budget: 10000,
  });
  await openSignedIn(page, admin.token, `/user/${me.uid}/projects/${project.uid}?organizationId=${org}`);
  await expect(page.getByRole("heading", { name: "Rebranding" })).toBeVisible();

  const note = page.getByRole("textbox", { name: "Brief note" });
  await note.fill("Kick-off on Monday; the logo comes first.");
  await note.blur();
  await expect(page.getByText("Note saved").last()).toBeVisible();

  await page.getByRole("button", { name: "Add link" }).click();
  const linkModal = page.getByRole("dialog", { name: "New link" });
  await linkModal.getByRole("button", { name: "Save" }).click();
  await expect(linkModal.getByText("Name is required")).toBeVisible();
  await linkModal.getByRole("textbox", { name: "Name" }).fill("Brand book");
  await linkModal.getByRole("textbox", { name: "Address" }).fill("javascript:alert(1)");
  await linkModal.getByRole("button", { name: "Save" }).click();
  await expect(linkModal.getByText("Enter a web address (http or https) or a mailto: address")).toBeVisible();
  await linkModal.getByRole("textbox", { name: "Address" }).fill("https://drive.example.com/brand");
  await linkModal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Link created").last()).toBeVisible();
  await expect(page.getByRole("link", { name: "Brand book" })).toBeVisible();

  await page.getByRole("button", { name: "Updates" }).click();
  await page.getByRole("button", { name: "Add update" }).click();
  const updateModal = page.getByRole("dialog", { name: "New project update" });
  await updateModal.getByRole("textbox", { name: "Update" }).fill("Moodboard approved");
  await updateModal.getByRole("textbox", { name: "Progress" }).fill("40");
  await updateModal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Update created").last()).toBeVisible();
  await expect(page.getByRole("region", { name: "Updates" }).getByText("Moodboard approved")).toBeVisible();

  await page.getByRole("tab", { name: "Final balance expenses" }).click();
  await page.getByRole("button", { name: "Add expense" }).first().click();
  const expenseModal = page.getByRole("dialog", { name: "New expense" });
  await expenseModal.getByRole("textbox", { name: "Title" }).fill("Stock photos");
  await expenseModal.getByRole("textbox", { name: "Amount" }).fill("249,90");
  await expenseModal
    .locator("label")
    .filter({ hasText: /^Final balance$/ })
    .click();
  await expenseModal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Expense created").last()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Stock photos" })).toContainText("249,90 €");

  const stored = (await (
    await request.get(`/api/v1/organization/${org}/project/${project.uid}`, { headers: bearer(admin.token) })
  ).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({
    progress: 40,
    latest_update: { status: "in_progress", progress: 40 },
    total_final_balance_expenses: 249.9,
    current_marginability: 97.5,
  });
});

test("a task gets two subtasks from the project's Tasks tab, and a completed one is struck through", async ({
  page,
  request,
}) => {
  const { admin, me, colleague, org } = await portfolio(request);
  const project = await createProject(request, admin.token, org, {
    title: "Nuovo sito",
    customer: "Officine Rossi",
    manager: me.uid,
    sales: colleague.uid,
  });
  await openSignedIn(page, admin.token, `/user/${me.uid}/projects/${project.uid}?organizationId=${org}`);
  await page.getByRole("tab", { name: "Tasks" }).click();
  await page.getByRole("button", { name: "Add task" }).first().click();
  await expect(page).toHaveURL(/modal=task/);
  const modal = page.getByRole("dialog", { name: "New task" });
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("Task name is required!")).toBeVisible();
  await field(modal, "Name").fill("Wireframes");
  await choose(modal, page, "Assignee", "Luca Verdi");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Task created").last()).toBeVisible();

  await page.getByRole("link", { name: "Wireframes" }).click();
  const edit = page.getByRole("dialog", { name: "Edit task" });
  const addSubtask = edit.getByRole("button", { name: "Add subtask" });
  for (const name of ["Home page", "Contact page"]) {
    await expect(addSubtask).toBeDisabled();
    await field(edit, "Subtask name").fill(name);
    await expect(addSubtask).toBeDisabled();
    await choose(edit, page, "Subtask assignee", "Irene Rossi");
    await addSubtask.click();
    await expect(page.getByText("Subtask created").last()).toBeVisible();
    await expect(edit.getByRole("link", { name })).toBeVisible();
  }

  await edit.getByRole("link", { name: "Home page" }).click();
  const subtask = page.getByRole("dialog", { name: "Edit task" });
  await expect(subtask.getByRole("link", { name: "Wireframes" })).toBeVisible();
  await subtask
    .getByRole("switch", { name: "Completed" })
    .or(subtask.getByRole("checkbox", { name: "Completed" }))
    .first()
    .check({ force: true });
  await subtask.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Task updated").last()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).not.toHaveURL(/modal=task/);

  const rows = page.getByRole("row");
  await expect(rows.filter({ hasText: "Home page" })).toContainText("Completed");
  await expect(rows.filter({ hasText: "Home page" }).getByText("Home page")).toHaveCSS(
    "text-decoration-line",
    "line-through",
  );
  await expect(rows.filter({ hasText: "Contact page" }).getByText("Contact page")).toHaveCSS(
    "text-decoration-line",
    "none",
  );
});
