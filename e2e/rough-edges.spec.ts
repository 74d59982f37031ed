import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import { bearer, createBoardUser, createEvent, field, rome, romeTime, tile, week } from "./support/board.ts";
import { createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";

/**
 * The rough edges a new person met in the first week (issue 21), each checked in the browser as it was seen: the
 * sidebar's groups by keyboard, an overhead with no end, "My projects" for a manager who is also on the team, a task
 * made from the board's panel, and the board's menu opened by the mouse.
 */

test("the sidebar's groups open from the keyboard, and an organization page is reached by Tab and Enter", async ({
  page,
  request,
}) => {
  const admin = await createOnboardedUser(request);
  const me = await getMe(request, admin.token);
  await openSignedIn(page, admin.token, `/user/${me.uid}/dashboard`);
  const group = page.getByRole("button", { name: en.menu.organization, exact: true });
  await expect(group).toHaveAttribute("aria-expanded", "false");
  for (let presses = 0; presses < 40; presses++) {
    if (await group.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(group).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(group).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  const focused = page.locator(":focus");
  await expect(focused).toHaveAttribute("href", new RegExp(`/organization/${me.organization.uid}`));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/organization/${me.organization.uid}`));
});

test("an overhead saved without touching To has no end", async ({ page, request }) => {
  const admin = await createOnboardedUser(request);
  const me = await getMe(request, admin.token);
  const org = me.organization.uid;
  await openSignedIn(page, admin.token, `/organization/${org}/overheads`);
  await page.getByRole("button", { name: en.overheads.add }).first().click();
  const form = page.getByRole("dialog", { name: en.overheads.newTitle });
  await expect(field(form, en.overheads.to)).toHaveValue("");
  await field(form, en.overheads.amount).fill("1200");
  await form.getByRole("button", { name: en.common.save }).click();
  await expect(form).toBeHidden();
  const overheads = (await (
    await request.get(`/api/v1/organization/${org}/overheads`, { headers: bearer(admin.token) })
  ).json()) as { to_date: string | null; amount: number }[];
  expect(overheads).toEqual([expect.objectContaining({ amount: 1200, to_date: null })]);
});

test("a manager who is also responsible finds the project among their team's, and is listed once on its team", async ({
  page,
  request,
}) => {
  const admin = await createOnboardedUser(request, { nominative: "Grace Hopper" });
  const me = await getMe(request, admin.token);
  const org = me.organization.uid;
  const customer = await request.post(`/api/v1/organization/${org}/customer`, {
    headers: bearer(admin.token),
    data: { nominative: "Harbour Authority" },
  });
  const created = await request.post(`/api/v1/organization/${org}/project`, {
    headers: bearer(admin.token),
    data: {
      title: "Harbour website",
      customer_id: ((await customer.json()) as { uid: string }).uid,
      project_manager_id: me.uid,
      salesaccount: [me.uid],
      responsible: [me.uid],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as { uid: string };

  await openSignedIn(page, admin.token, `/user/${me.uid}/projects`);
  for (const section of [en.projects.managed, en.projects.member]) {
    const region = page.getByRole("region", { name: section });
    await expect(region.getByRole("link", { name: /Harbour website/ })).toBeVisible();
  }

  await page.goto(`/user/${me.uid}/projects/${project.uid}`);
  await expect(page.getByRole("heading", { name: "Harbour website" })).toBeVisible();
  const team = page
    .getByRole("heading", { name: en.projectDetail.members.title, exact: true })
    .locator("xpath=following-sibling::ul[1]");
  await expect(team.getByRole("listitem")).toHaveCount(1);
  await expect(team.getByRole("listitem")).toContainText("Grace Hopper");
});

test.describe("on the board", () => {
  test.use({ timezoneId: rome });
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: week.now });
    await page.clock.resume();
  });

  test("a new person's task from the panel: the assignee is them, and with no project the form offers to create one", async ({
    page,
    request,
  }) => {
    const owner = await createBoardUser(request);
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board?panel=tasks`);
    await page.getByRole("button", { name: en.sidePanel.tasks.add }).first().click();
    const form = page.getByRole("dialog", { name: en.taskModal.newTitle });
    await expect(field(form, en.taskModal.assignee)).toHaveValue("Ada Lovelace");
    await expect(form.getByText(en.taskModal.noProjectYet)).toBeVisible();
    await form.getByRole("link", { name: en.taskModal.createFirstProject }).click();
    await expect(page.getByRole("dialog", { name: en.projectForm.newTitle })).toBeVisible();
  });

  test("the block's menu opened with the mouse puts the focus on its first item", async ({ page, request }) => {
    const owner = await createBoardUser(request);
    await createEvent(request, owner, {
      title: "Write the report",
      start_time: romeTime(week.wednesday, "09:00"),
      end_time: romeTime(week.wednesday, "10:00"),
      all_day: false,
      event_type: "activity",
    });
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);
    await tile(page, "Write the report").click({ button: "right" });
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
  });
});
