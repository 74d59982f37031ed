import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import {
  bearer,
  createBoardUser,
  createEvent,
  createProjectWithTask,
  rome,
  romeTime,
  tile,
  week,
} from "./support/board.ts";
import { openSignedIn } from "./support/helpers.ts";
import { connectJira, controlFake, fakeUrl, runTag } from "./support/item-services.ts";
import { shot } from "./support/screens.ts";
import { fill, type Language, texts } from "./support/texts.ts";

/**
 * Issue 15's time written back, in both languages, against the fake Jira site of the global setup: blocks dropped from
 * Jira (made through the API, with the issue's key as their source id) are completed with the board's confirm time;
 * the tile's mark and the event form's section follow the write-back (pending, written with the worklog in the fake,
 * failed with Jira's reason and a retry that writes it, off with the way to turn it on). Screens of the form's states
 * and of the marks, at desktop width and at 1280 px, go to e2e/screenshots/.
 */
test.use({ timezoneId: rome });

const desktop = { width: 1366, height: 860 };
const laptop = { width: 1280, height: 800 };
/** The write-back job runs on the server's queue: a first wait for it, on a 2-core machine busy with other work. */
const queued = { timeout: 60_000 };

interface Worklog {
  id: string;
  timeSpentSeconds: number;
  started: string;
  commentText: string;
}

const worklogsOf = (request: APIRequestContext, key: string) =>
  controlFake<Worklog[]>(request, "jira", `issues/${key}/worklogs`, {}, "GET");

/** A picture at desktop width, then at 1280 px. */
async function shots(page: Page, language: Language, name: string) {
  await shot(page, language, `write-back-${name}`);
  await page.setViewportSize(laptop);
  await shot(page, language, `write-back-${name}-1280`);
  await page.setViewportSize(desktop);
}

/** Confirms a block's time from its menu (spec part 1 §4: ended, an activity with a project, nothing logged). */
async function confirmTime(page: Page, language: Language, title: string) {
  await tile(page, title).click({ button: "right" });
  await page.getByRole("menuitem", { name: texts[language].board.menu.confirmTime }).click();
}

/** Opens a block's event form and answers its write-back section. */
async function openForm(page: Page, language: Language, title: string) {
  await tile(page, title).click();
  const form = page.getByRole("dialog", { name: texts[language].eventForm.editTitle });
  await expect(form).toBeVisible();
  const section = form.getByTestId("write-back-section");
  await expect(section).toBeVisible();
  return { form, section };
}

async function closeForm(page: Page, language: Language) {
  const form = page.getByRole("dialog", { name: texts[language].eventForm.editTitle });
  await form.getByRole("button", { name: texts[language].common.cancel }).click();
  await expect(form).toBeHidden();
}

for (const language of ["en", "it"] as const) {
  test(`a completed Jira block's time goes back to Jira as a worklog; a failure shows its reason and a retry writes it (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    const w = texts[language].writeBack;
    const mark = w.mark;
    const jira = { service: "Jira" };
    const owner = await createBoardUser(request, "Ada Lovelace");
    const saved = await request.patch(`/api/v1/user/${owner.uid}`, {
      headers: bearer(owner.token),
      data: { language },
    });
    expect(saved.status()).toBe(200);
    await connectJira(request, owner);
    const { projectId } = await createProjectWithTask(request, owner, {
      project: "Website",
      task: "Launch",
      category: "Development",
    });
    const tag = runTag();
    const keys = { login: `${tag}-1`, export: `${tag}-2`, sync: `${tag}-3`, spec: `${tag}-4` };
    for (const [summary, key] of [
      ["Fix the login", keys.login],
      ["Broken export", keys.export],
      ["Slow sync", keys.sync],
      ["Read the spec", keys.spec],
    ] as const) {
      await controlFake(request, "jira", "issues", { key, summary, assignee: owner.email });
    }
    const block = (title: string, key: string, day: string, start: string, end: string) =>
      createEvent(request, owner, {
        title,
        start_time: romeTime(day, start),
        end_time: romeTime(day, end),
        project_id: projectId,
        source: "jira",
        source_id: key,
      });
    await block("Fix the login", keys.login, week.tuesday, "10:00", "11:30");
    await block("Broken export", keys.export, week.tuesday, "14:00", "15:00");
    await block("Slow sync", keys.sync, week.monday, "09:00", "10:00");
    await block("Read the spec", keys.spec, week.monday, "14:00", "14:45");

    await page.setViewportSize(desktop);
    await page.clock.install({ time: week.now });
    await page.clock.resume();
    await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
    await expect(tile(page, "Fix the login")).toBeVisible({ timeout: 60_000 });

    // Before it is completed: the link back to the issue, and what will happen.
    let { section } = await openForm(page, language, "Fix the login");
    await expect(section).toContainText(`${fill(w.section.source, jira)} · ${keys.login}`);
    await expect(section.getByRole("link", { name: fill(w.section.open, jira) })).toHaveAttribute(
      "href",
      `https://${new URL(fakeUrl("jira")).host}/browse/${keys.login}`,
    );
    await expect(section).toContainText(fill(w.section.notYet, jira));
    await closeForm(page, language);

    // Completed: written to Jira, once, with the block's 90 minutes and its start.
    await confirmTime(page, language, "Fix the login");
    await expect(page.getByRole("img", { name: fill(mark.written, jira) })).toBeVisible(queued);
    const written = await worklogsOf(request, keys.login);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ timeSpentSeconds: 5400 });
    // Jira writes `started` as 2026-03-17T09:00:00.000+0000.
    expect(Date.parse(written[0]?.started.replace(/([+-]\d\d)(\d\d)$/, "$1:$2") ?? "")).toBe(
      romeTime(week.tuesday, "10:00"),
    );
    expect(written[0]?.commentText).toContain("1 h 30 m logged in Timetrap on 17/03/2026");
    ({ section } = await openForm(page, language, "Fix the login"));
    await expect(section).toContainText(fill(w.section.written, jira));
    await expect(section).toContainText(fill(w.section.writtenDetail, { time: "1 h 30 m", date: "17/03/2026" }));
    await shots(page, language, "01-written");
    await expectNoSeriousA11yViolations(page, `event form, time written back (${language})`);
    await closeForm(page, language);

    // The issue deleted in Jira meanwhile: failed at once with Jira's reason; back in Jira, the retry writes it.
    await controlFake(request, "jira", `issues/${keys.export}`, {}, "DELETE");
    await confirmTime(page, language, "Broken export");
    await expect(page.getByRole("img", { name: fill(mark.failed, jira) })).toBeVisible(queued);
    ({ section } = await openForm(page, language, "Broken export"));
    const failure = section.getByRole("alert");
    await expect(failure).toContainText(fill(w.section.failed, jira));
    await expect(failure).toContainText("Issue does not exist");
    await shots(page, language, "02-failed");
    await closeForm(page, language);
    await shot(page, language, "write-back-02-failed-mark");
    ({ section } = await openForm(page, language, "Broken export"));
    await controlFake(request, "jira", "issues", { key: keys.export, summary: "Broken export", assignee: owner.email });
    await failure.getByRole("button", { name: w.section.retry }).click();
    await expect(section).toContainText(fill(w.section.written, jira), queued);
    await expect(section.getByRole("alert")).toHaveCount(0);
    expect(await worklogsOf(request, keys.export)).toHaveLength(1);
    await closeForm(page, language);
    await expect(page.getByRole("img", { name: fill(mark.written, jira) })).toHaveCount(2);

    // Jira unavailable: the write stays pending with its last error while the queue tries again later.
    await controlFake(request, "jira", "fail-next", { count: 8, status: 503, path: `/issue/${keys.sync}/worklog` });
    await confirmTime(page, language, "Slow sync");
    await expect(page.getByRole("img", { name: fill(mark.pending, jira) })).toBeVisible(queued);
    ({ section } = await openForm(page, language, "Slow sync"));
    await expect(section).toContainText(fill(w.section.pending, { time: "1 h", service: "Jira" }));
    await expect(section).toContainText(fill(w.section.lastAttempt, { error: "" }).trim(), queued);
    await shots(page, language, "03-pending");
    await closeForm(page, language);
    await shot(page, language, "write-back-04-marks");

    // Write-back off for Jira: the block completed then is not written, and says how to turn it on.
    const off = await request.patch(`/api/v1/user/${owner.uid}/integration/jira`, {
      headers: bearer(owner.token),
      data: { write_back: false },
    });
    expect(off.status()).toBe(200);
    await confirmTime(page, language, "Read the spec");
    ({ section } = await openForm(page, language, "Read the spec"));
    await expect(section).toContainText(fill(w.section.off, jira), queued);
    await expect(section.getByRole("link", { name: w.section.turnOn })).toHaveAttribute(
      "href",
      `/user/${owner.uid}/integrations`,
    );
    await shots(page, language, "05-off");
    await closeForm(page, language);
    expect(await worklogsOf(request, keys.spec)).toHaveLength(0);

    // On again: the block completed meanwhile is written when the person asks for it.
    const on = await request.patch(`/api/v1/user/${owner.uid}/integration/jira`, {
      headers: bearer(owner.token),
      data: { write_back: true },
    });
    expect(on.status()).toBe(200);
    await page.reload();
    ({ section } = await openForm(page, language, "Read the spec"));
    await expect(section).toContainText(fill(w.section.offThen, jira));
    await section.getByRole("button", { name: fill(w.section.writeNow, jira) }).click();
    await expect(section).toContainText(fill(w.section.written, jira), queued);
    await expect(section).toContainText(fill(w.section.writtenDetail, { time: "45 m", date: "16/03/2026" }));
    expect(await worklogsOf(request, keys.spec)).toMatchObject([{ timeSpentSeconds: 2700 }]);
  });
}
