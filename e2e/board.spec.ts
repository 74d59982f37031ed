import { expect, test } from "@playwright/test";
import {
  afterBoardRefresh,
  bearer,
  boxOf,
  choose,
  createBoardUser,
  createEvent,
  createProjectWithTask,
  dragBetween,
  eventsBetween,
  field,
  rome,
  romeTime,
  slotPoint,
  tile,
  week,
} from "./support/board.ts";
import { addColleague, openSignedIn } from "./support/helpers.ts";

test.use({ timezoneId: rome });

test.describe("in a fixed week", () => {
  test.beforeEach(async ({ page }) => {
    // The clock starts at the fixed moment and then runs, so that drags and timers see time pass.
    await page.clock.install({ time: week.now });
    await page.clock.resume();
  });

  test("plans a block by selecting a range, then drags it to another day and resizes it", async ({ page, request }) => {
    const owner = await createBoardUser(request);
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);

    await dragBetween(
      page,
      await slotPoint(page, week.wednesday, "10:00"),
      await slotPoint(page, week.wednesday, "10:30"),
    );
    const form = page.getByRole("dialog", { name: "New event" });
    await expect(field(form, "Start time")).toHaveValue("10:00");
    await expect(field(form, "End time")).toHaveValue("11:00");
    await field(form, "Title").fill("Write the proposal");
    await afterBoardRefresh(page, () => form.getByRole("button", { name: "Save" }).click());
    await expect(form).toBeHidden();
    const planned = tile(page, "Write the proposal", "10:00 – 11:00");

    // Held by the middle: the tile's top and bottom edges resize it.
    const box = await boxOf(planned);
    const target = await slotPoint(page, week.thursday, "14:00");
    await afterBoardRefresh(page, () =>
      dragBetween(
        page,
        { x: box.x + 12, y: box.y + box.height / 2 },
        { x: target.x, y: target.y - 4 + box.height / 2 },
      ),
    );
    const moved = tile(page, "Write the proposal", "14:00 – 15:00");

    const movedBox = await boxOf(moved);
    const slotHeight =
      (await slotPoint(page, week.thursday, "15:00")).y - (await slotPoint(page, week.thursday, "14:30")).y;
    await moved.hover();
    const bottom = { x: movedBox.x + movedBox.width / 2, y: movedBox.y + movedBox.height - 2 };
    await dragBetween(page, bottom, { x: bottom.x, y: bottom.y + 2 * slotHeight });
    await expect(tile(page, "Write the proposal", "14:00 – 16:00")).toBeVisible();

    const [stored] = await eventsBetween(request, owner, week.monday, "2026-03-22");
    expect(stored).toMatchObject({
      title: "Write the proposal",
      start_time: romeTime(week.thursday, "14:00"),
      end_time: romeTime(week.thursday, "16:00"),
      event_type: "activity",
      completed: false,
    });
  });

  test("makes a block weekly, skips one occurrence and ends the series after another", async ({ page, request }) => {
    const owner = await createBoardUser(request);
    await createEvent(request, owner, {
      title: "Team sync",
      start_time: romeTime(week.monday, "09:00"),
      end_time: romeTime(week.monday, "10:00"),
    });
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);

    await tile(page, "Team sync", "09:00 – 10:00").click();
    const form = page.getByRole("dialog", { name: "Edit event" });
    await form.getByRole("button", { name: "Does not repeat" }).click();
    const repeat = page.getByRole("dialog", { name: "Repeat" });
    await choose(repeat, page, "Frequency", "Weeks");
    await repeat.getByRole("button", { name: "OK" }).click();
    await expect(form.getByRole("button", { name: "Every week" })).toBeVisible();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();

    // The week after, and the one after the clocks go forward: still at 09:00 in Rome.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(tile(page, "Team sync", "09:00 – 10:00")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(tile(page, "Team sync", "09:00 – 10:00")).toBeVisible();

    // Skip the occurrence of Monday 23.
    await page.getByRole("button", { name: "Previous" }).click();
    await tile(page, "Team sync", "09:00 – 10:00").click();
    await page.getByRole("dialog", { name: "Edit event" }).getByRole("button", { name: "Delete" }).click();
    const remove = page.getByRole("dialog", { name: "Delete event" });
    await remove.getByRole("radio", { name: "Only this event" }).check();
    await remove.getByRole("button", { name: "Delete" }).click();
    await expect(tile(page, "Team sync")).toHaveCount(0);

    // End the series with the occurrence of Monday 30.
    await page.getByRole("button", { name: "Next" }).click();
    await tile(page, "Team sync", "09:00 – 10:00").click();
    await page.getByRole("dialog", { name: "Edit event" }).getByRole("button", { name: "Delete" }).click();
    await remove.getByRole("radio", { name: "This and the following events" }).check();
    await remove.getByRole("button", { name: "Delete" }).click();
    await expect(tile(page, "Team sync")).toHaveCount(0);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(tile(page, "Team sync")).toHaveCount(0);

    const left = await eventsBetween(request, owner, week.monday, "2026-04-26");
    expect(left.map((event) => [event.title, event.start_time])).toEqual([
      ["Team sync", romeTime(week.monday, "09:00")],
    ]);
  });

  test("confirms the time of a past activity and turns a planning block into an activity", async ({
    page,
    request,
  }) => {
    const owner = await createBoardUser(request);
    const { projectId } = await createProjectWithTask(request, owner, {
      project: "Sito Caffè Nero",
      task: "Menu page",
      category: "Design",
    });
    await createEvent(request, owner, {
      title: "Client call",
      start_time: romeTime(week.tuesday, "10:00"),
      end_time: romeTime(week.tuesday, "11:00"),
      project_id: projectId,
    });
    await createEvent(request, owner, {
      title: "Focus",
      start_time: romeTime(week.friday, "09:00"),
      end_time: romeTime(week.friday, "11:00"),
      event_type: "planning",
    });
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);

    await tile(page, "Client call").click({ button: "right" });
    // Opened by the mouse, the menu has the focus on its first item.
    await expect(page.getByRole("menuitem", { name: "Confirm time" })).toBeFocused();
    await page.getByRole("menuitem", { name: "Confirm time" }).click();
    await expect(tile(page, "Client call")).toContainText("01:00:00");

    await tile(page, "Focus").click({ button: "right" });
    await expect(page.getByRole("menuitem", { name: "Confirm time" })).toHaveCount(0);
    await page.getByRole("menuitem", { name: "Turn into activity" }).click();
    await expect
      .poll(async () => (await eventsBetween(request, owner, week.friday, week.friday))[0]?.event_type)
      .toBe("activity");

    await tile(page, "Focus").click({ button: "right" });
    await expect(page.getByRole("menuitem", { name: "Turn into planning" })).toBeVisible();
    await page.keyboard.press("Escape");

    const events = await eventsBetween(request, owner, week.monday, "2026-03-22");
    expect(events.find((event) => event.title === "Client call")).toMatchObject({
      completed: true,
      elapsed_time: 3600,
    });
    expect(events.find((event) => event.title === "Focus")).toMatchObject({
      event_type: "activity",
      elapsed_time: 7200,
      completed: false,
    });
  });

  test("drags a task from the side panel onto Thursday 10:00 and gets a one-hour activity linked to it", async ({
    page,
    request,
  }) => {
    const owner = await createBoardUser(request);
    const { projectId, categoryId, taskId } = await createProjectWithTask(request, owner, {
      project: "Sito Caffè Nero",
      task: "Build the menu page",
      category: "Development",
    });
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board?panel=tasks`);

    const card = page.getByText("Build the menu page", { exact: true });
    await expect(card).toBeVisible();
    const cardBox = (await card.boundingBox())!;
    await dragBetween(page, { x: cardBox.x + 20, y: cardBox.y + 5 }, await slotPoint(page, week.thursday, "10:00"));

    await expect(tile(page, "Build the menu page", "10:00 – 11:00")).toBeVisible();
    const [dropped] = await eventsBetween(request, owner, week.thursday, week.thursday);
    expect(dropped).toMatchObject({
      title: "Build the menu page",
      start_time: romeTime(week.thursday, "10:00"),
      end_time: romeTime(week.thursday, "11:00"),
      event_type: "activity",
      project_id: projectId,
      category_id: categoryId,
      task_linked_id: taskId,
    });
  });
});

test("runs the timer on today's block and adds the time to it when stopped", async ({ page, request }) => {
  const owner = await createBoardUser(request, "Grace Hopper");
  // Today's block on the real clock: the server measures the timer with its own clock.
  const saved = await request.patch(`/api/v1/user/${owner.uid}`, {
    headers: bearer(owner.token),
    data: { preferences: { slotMinTime: "00:00:00", slotMaxTime: "24:00:00", slotDuration: "00:15:00" } },
  });
  expect(saved.status()).toBe(200);
  // The current half hour: the block never runs past midnight into a second tile, and is tall enough to show
  // its logged time.
  const half = 30 * 60_000;
  const start = Math.floor(Date.now() / half) * half;
  await createEvent(request, owner, { title: "Timer block", start_time: start, end_time: start + half });
  await openSignedIn(page, owner.token, `/user/${owner.uid}/board`);

  await page.getByRole("button", { name: "Start the timer on Timer block" }).click();
  const widget = page.getByRole("region", { name: "Running timer" });
  await expect(widget).toContainText("Timer block");
  await expect(widget).toContainText("00:00:02");
  await widget.getByRole("button", { name: "Done" }).click();
  await expect(widget).toBeHidden();

  const response = await request.get(`/api/v1/user/${owner.uid}/time-blocking`, {
    headers: bearer(owner.token),
    params: { startTime: new Date(start).toISOString(), endTime: new Date(start + half).toISOString() },
  });
  const [stopped] = (await response.json()) as { elapsed_time: number; completed: boolean }[];
  expect(stopped?.completed).toBe(true);
  expect(stopped?.elapsed_time).toBeGreaterThanOrEqual(2);
  await expect(tile(page, "Timer block")).toContainText(/00:00:0\d/);
});

test("a manager opens a colleague's board from the user picker; a member has no picker", async ({ page, request }) => {
  const admin = await createBoardUser(request, "Irene Rossi");
  const member = await addColleague(request, admin, { roleName: "Member", nominative: "Luca Verdi" });
  await request.patch(`/api/v1/user/${member.uid}`, {
    headers: bearer(member.token),
    data: { preferences: { timeZone: rome, weekends: true } },
  });
  await createEvent(request, member, {
    title: "Luca's block",
    start_time: romeTime(week.wednesday, "10:00"),
    end_time: romeTime(week.wednesday, "10:30"),
  });

  await page.clock.install({ time: week.now });
  await page.clock.resume();
  await openSignedIn(page, admin.token, `/user/${admin.uid}/board`);
  await page
    .getByRole("textbox", { name: "Board of" })
    .or(page.getByRole("combobox", { name: "Board of" }))
    .click();
  await page.getByRole("option", { name: "Luca Verdi" }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${member.uid}/board$`));
  await expect(tile(page, "Luca's block")).toBeVisible();

  const memberPage = await page.context().browser()!.newPage({ timezoneId: rome });
  await memberPage.clock.install({ time: week.now });
  await memberPage.clock.resume();
  await openSignedIn(memberPage, member.token, `/user/${member.uid}/board`);
  await expect(tile(memberPage, "Luca's block")).toBeVisible();
  await expect(memberPage.getByRole("combobox", { name: "Board of" })).toHaveCount(0);
  await memberPage.close();
});
