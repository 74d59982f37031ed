import { type APIRequestContext, expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

/**
 * The webhooks screens (issue 14) in both languages, desktop and phone, saved under e2e/screenshots/ for review: the
 * list with an active, a failing and a disabled webhook, the modal with a status condition, the secret dialog, and the
 * delivery log with a delivered and a failed attempt.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
const phone = { width: 390, height: 844 };
/** Only the open dialog or drawer: the page behind it is checked on its own. */
const overlays = { include: ['[role="dialog"]'] };

async function postJson(request: APIRequestContext, token: string, path: string, data: unknown, status = 201) {
  const response = await request.post(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as { uid: string };
}

for (const language of ["en", "it"] as const) {
  test(`webhooks screens (${language})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const l = texts[language];
    const w = l.webhooks;
    const receiver = await startWebhookReceiver();
    try {
      const admin = await createOnboardedUser(request, {
        nominative: "Giulia Bianchi",
        organization: "Studio Bianchi",
      });
      const me = await getMe(request, admin.token);
      const org = me.organization.uid;
      const headers = { authorization: `Bearer ${admin.token}` };
      await request.patch(`/api/v1/user/${me.uid}`, { headers, data: { language } });
      const review = await postJson(request, admin.token, `/organization/${org}/projects-workflows`, {
        name: "In review",
      });
      const erp = await postJson(request, admin.token, `/organization/${org}/webhooks`, {
        url: receiver.url,
        description: "ERP: invoices the completed projects",
        events: "project.status.change,project.budget.threshold",
        enabled: true,
        conditions: { "project.status.change": [review.uid] },
      });
      const crm = await postJson(request, admin.token, `/organization/${org}/webhooks`, {
        url: receiver.failingUrl,
        description: "CRM",
        events: "project.margin.at_risk",
        enabled: true,
        conditions: {},
      });
      await postJson(request, admin.token, `/organization/${org}/webhooks`, {
        url: "https://old-intranet.example.com/timetrap/webhooks",
        description: "",
        events: "project.status.change",
        enabled: false,
        conditions: { "project.status.change": "always" },
      });
      for (const hook of [erp, erp, crm]) {
        await postJson(request, admin.token, `/organization/${org}/webhooks/${hook.uid}/test`, {}, 202);
      }
      // Until each test delivery has had its attempt: the list shows the outcome.
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);

      await openSignedIn(page, admin.token, `/organization/${org}/webhooks`, language);
      const rows = page.getByTestId("webhook-row");
      await expect(rows).toHaveCount(3);
      await expect(rows.filter({ hasText: receiver.failingUrl })).toContainText(w.status.failing);
      await expect(rows.filter({ hasText: receiver.url })).toContainText(w.deliveries.states.succeeded);
      await shot(page, language, "webhooks-list", { fullPage: true });
      await expectNoSeriousA11yViolations(page, `webhooks list (${language})`);

      await page.getByRole("button", { name: fill(w.edit, { url: receiver.url }) }).click();
      const modal = page.getByRole("dialog", { name: w.form.editTitle });
      await expect(modal.getByText("In review")).toBeVisible();
      await shot(page, language, "webhooks-modal");
      await expectNoSeriousA11yViolations(page, `webhook modal (${language})`, overlays);
      await modal.getByRole("button", { name: w.rotate.button }).click();
      const rotate = page.getByRole("dialog", { name: w.rotate.title });
      await shot(page, language, "webhooks-rotate-confirmation");
      await rotate.getByRole("button", { name: w.rotate.confirm }).click();
      const secret = page.getByRole("dialog", { name: w.secret.title });
      await expect(secret.getByRole("textbox", { name: w.secret.label })).toHaveValue(/^whsec_/);
      await shot(page, language, "webhooks-secret");
      await expectNoSeriousA11yViolations(page, `webhook secret (${language})`, overlays);
      await secret.getByRole("button", { name: w.secret.done }).click();
      await expect(secret).toBeHidden();

      await page.getByRole("button", { name: fill(w.deliveries.openFor, { url: receiver.failingUrl }) }).click();
      let drawer = page.getByRole("dialog", { name: new RegExp(w.deliveries.title) });
      const failed = drawer.getByTestId("webhook-delivery").first();
      await failed.getByRole("button", { name: new RegExp(w.events.test) }).click();
      await expect(failed.getByTestId("webhook-attempt")).toContainText("500");
      await shot(page, language, "webhooks-log-failed");
      await expectNoSeriousA11yViolations(page, `webhook delivery log (${language})`, overlays);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();

      await page.getByRole("button", { name: fill(w.deliveries.openFor, { url: receiver.url }) }).click();
      drawer = page.getByRole("dialog", { name: new RegExp(w.deliveries.title) });
      const delivered = drawer.getByTestId("webhook-delivery").first();
      await delivered.getByRole("button", { name: new RegExp(w.events.test) }).click();
      await expect(delivered.getByTestId("webhook-attempt")).toContainText("200");
      await shot(page, language, "webhooks-log");
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();

      await page.getByRole("button", { name: w.add }).click();
      const create = page.getByRole("dialog", { name: w.form.newTitle });
      await create.getByRole("textbox", { name: w.form.url }).fill("https://a");
      await create.getByRole("textbox", { name: w.form.description }).click();
      await expect(create.getByText(w.form.urlRequired)).toBeVisible();
      await shot(page, language, "webhooks-modal-new-invalid");
      await page.keyboard.press("Escape");
      await expect(create).toBeHidden();

      // Drawn afresh at a phone's width, as a phone opens it (the sidebar starts closed).
      await page.setViewportSize(phone);
      await page.reload();
      await expect(rows).toHaveCount(3);
      await shot(page, language, "webhooks-list-phone", { fullPage: true });
      await page.getByRole("button", { name: fill(w.edit, { url: receiver.url }) }).click();
      await expect(modal.getByText("In review")).toBeVisible();
      await shot(page, language, "webhooks-modal-phone");
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
      await page.getByRole("button", { name: fill(w.deliveries.openFor, { url: receiver.failingUrl }) }).click();
      drawer = page.getByRole("dialog", { name: new RegExp(w.deliveries.title) });
      await drawer
        .getByTestId("webhook-delivery")
        .first()
        .getByRole("button", { name: new RegExp(w.events.test) })
        .click();
      await expect(drawer.getByTestId("webhook-attempt").first()).toContainText("500");
      await shot(page, language, "webhooks-log-phone");
    } finally {
      await receiver.close();
    }
  });
}
