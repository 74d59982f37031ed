import { expect, type Locator, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import { bearer } from "./support/board.ts";
import { createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";

/**
 * Closing a dialog gives the keyboard back to the control that opened it (issue 21, decision 036), whichever way the
 * dialog is drawn: opened with Enter on its opener, closed with Escape (once with Cancel), the opener has the focus
 * again, not the page's body.
 */

interface Opening {
  /** What the journey calls the dialog. */
  name: string;
  /** The page, from the organization's or the user's id. */
  path: (ids: { org: string; uid: string; project: string }) => string;
  opener: (page: Page) => Locator;
}

const main = (page: Page) => page.getByRole("main");

const openings: Opening[] = [
  {
    name: "the role editor, for a new role",
    path: ({ org }) => `/organization/${org}/roles`,
    opener: (page) => main(page).getByRole("button", { name: en.roles.add }),
  },
  {
    name: "the role editor, for the Admin role",
    path: ({ org }) => `/organization/${org}/roles`,
    opener: (page) => main(page).getByRole("button", { name: "Admin", exact: true }),
  },
  {
    name: "the invitation form",
    path: ({ org }) => `/organization/${org}/users`,
    opener: (page) => main(page).getByRole("button", { name: en.users.invite }),
  },
  {
    name: "the customer form",
    path: ({ org }) => `/organization/${org}/customers`,
    opener: (page) => main(page).getByRole("button", { name: en.customers.newCustomer }),
  },
  {
    name: "the customer's delete confirmation",
    path: ({ org }) => `/organization/${org}/customers`,
    opener: (page) =>
      main(page).getByRole("button", { name: en.customers.deleteRow.replace("{{name}}", "Caffè Nero") }),
  },
  {
    name: "the workflow status form",
    path: ({ org }) => `/organization/${org}/workflows`,
    opener: (page) => main(page).getByRole("button", { name: en.workflows.add }),
  },
  {
    name: "the overhead form",
    path: ({ org }) => `/organization/${org}/overheads`,
    opener: (page) => main(page).getByRole("button", { name: en.overheads.add }),
  },
  {
    name: "the webhook form",
    path: ({ org }) => `/organization/${org}/webhooks`,
    opener: (page) => main(page).getByRole("button", { name: en.webhooks.add }),
  },
  {
    name: "the holiday group form",
    path: ({ org }) => `/organization/${org}/holidays`,
    opener: (page) => main(page).getByRole("button", { name: en.holidays.groups.add }),
  },
  {
    name: "the time-off kind form",
    path: ({ org }) => `/organization/${org}/holidays`,
    opener: (page) => main(page).getByRole("button", { name: en.holidays.kinds.add }),
  },
  {
    name: "the time-off request",
    path: ({ uid }) => `/user/${uid}/time-off`,
    opener: (page) => main(page).getByRole("button", { name: en.timeOff.request }),
  },
  {
    name: "the API token form",
    path: ({ uid }) => `/user/${uid}/profile`,
    opener: (page) => main(page).getByRole("button", { name: en.accessTokens.new }),
  },
  {
    name: "the board preferences",
    path: ({ uid }) => `/user/${uid}/board`,
    opener: (page) => main(page).getByRole("button", { name: en.board.toolbar.preferences }),
  },
  {
    name: "the project form",
    path: ({ uid }) => `/user/${uid}/projects`,
    opener: (page) => main(page).getByRole("button", { name: en.projects.newProject }),
  },
  {
    name: "the task modal, opened through the address",
    path: ({ uid, project }) => `/user/${uid}/projects/${project}?tab=tasks`,
    opener: (page) => main(page).getByRole("button", { name: en.tasks.projectTab.add }),
  },
];

/** An organization with a customer and a project, and its admin. */
async function studio(request: Parameters<typeof createOnboardedUser>[0]) {
  const admin = await createOnboardedUser(request, { nominative: "Giulia Bianchi", organization: "Studio Bianchi" });
  const me = await getMe(request, admin.token);
  const org = me.organization.uid;
  const customer = await request.post(`/api/v1/organization/${org}/customer`, {
    headers: bearer(admin.token),
    data: { nominative: "Caffè Nero" },
  });
  expect(customer.status()).toBe(201);
  const project = await request.post(`/api/v1/organization/${org}/project`, {
    headers: bearer(admin.token),
    data: {
      title: "Sito Caffè Nero",
      customer_id: ((await customer.json()) as { uid: string }).uid,
      project_manager_id: me.uid,
      salesaccount: [me.uid],
      budget: 0,
    },
  });
  expect(project.status()).toBe(201);
  return { token: admin.token, ids: { org, uid: me.uid, project: ((await project.json()) as { uid: string }).uid } };
}

/** Focuses the opener as Tab would, opens its dialog with Enter, and waits for the dialog to hold the focus. */
async function openWithKeyboard(page: Page, opener: Locator): Promise<Locator> {
  // A page drawn for the first time fetches its code and its texts first.
  await expect(opener).toBeVisible({ timeout: 15_000 });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.locator('[role="dialog"][aria-modal="true"]').last();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(":focus")).toHaveCount(1);
  return dialog;
}

test("closing each dialog with Escape gives the focus back to the control that opened it", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, ids } = await studio(request);
  await openSignedIn(page, token, `/user/${ids.uid}/profile`);
  for (const opening of openings) {
    await test.step(opening.name, async () => {
      await page.goto(opening.path(ids));
      const opener = opening.opener(page);
      const dialog = await openWithKeyboard(page, opener);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  }
});

test("closing a confirmation with its Cancel button gives the focus back to the control that opened it", async ({
  page,
  request,
}) => {
  const { token, ids } = await studio(request);
  await openSignedIn(page, token, `/organization/${ids.org}/customers`);
  const opener = main(page).getByRole("button", { name: en.customers.deleteRow.replace("{{name}}", "Caffè Nero") });
  const dialog = await openWithKeyboard(page, opener);
  await dialog.getByRole("button", { name: en.common.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Still on the page's controls: the next Tab goes on from the opener, not from the top of the page.
  await page.keyboard.press("Tab");
  await expect(page.locator("body")).not.toBeFocused();
});
