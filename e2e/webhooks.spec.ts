import { expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";
import { type ReceivedWebhook, startWebhookReceiver, verifyWebhookSignature } from "./support/webhook-receiver.ts";

/**
 * Issue 14's webhooks in both languages: an admin adds a webhook pointing at a local receiver, changes a project's
 * status on the project page, sees the delivery in the webhook's log as the receiver got it (signed as the secret
 * dialog says), sends it again, and deletes the webhook.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The receiver's deliveries of `event`, once there are `count` of them. */
async function waitForDeliveries(received: ReceivedWebhook[], event: string, count: number) {
  const of = () => received.filter((delivery) => delivery.headers["x-timetrap-event"] === event);
  await expect.poll(() => of().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return of();
}

async function toast(page: Page, text: string) {
  await expect(page.getByText(text).last()).toBeVisible();
}

for (const language of ["en", "it"] as const) {
  test(`an admin adds a webhook, a project's status change reaches its receiver signed, is sent again, and the webhook is deleted (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const l = texts[language];
    const w = l.webhooks;
    const receiver = await startWebhookReceiver();
    try {
      const admin = await createOnboardedUser(request, { nominative: "Irene Rossi", organization: "Studio Rossi" });
      const me = await getMe(request, admin.token);
      const org = me.organization.uid;
      const headers = bearer(admin.token);
      await request.patch(`/api/v1/user/${me.uid}`, { headers, data: { language } });
      const customer = await request.post(`/api/v1/organization/${org}/customer`, {
        headers,
        data: { nominative: "Caffè Nero" },
      });
      const created = await request.post(`/api/v1/organization/${org}/project`, {
        headers,
        data: {
          title: "Sito web Caffè Nero",
          customer_id: ((await customer.json()) as { uid: string }).uid,
          project_manager_id: me.uid,
          salesaccount: [me.uid],
          budget: 0,
        },
      });
      expect(created.status()).toBe(201);
      const project = (await created.json()) as { uid: string };

      // The webhook, with its secret shown once.
      await openSignedIn(page, admin.token, `/organization/${org}/webhooks`, language);
      await expect(page.getByText(w.empty)).toBeVisible();
      await page.getByRole("button", { name: w.add }).first().click();
      const modal = page.getByRole("dialog", { name: w.form.newTitle });
      const url = modal.getByRole("textbox", { name: w.form.url });
      await url.fill("http://x");
      await url.blur();
      await expect(modal.getByText(w.form.urlRequired)).toBeVisible();
      await url.fill(receiver.url);
      await expect(modal.getByText(w.form.urlRequired)).toBeHidden();
      await modal.getByRole("textbox", { name: w.form.description }).fill("ERP");
      await expect(modal.getByRole("checkbox", { name: new RegExp(w.events.statusChange.label) })).toBeChecked();
      await modal.getByRole("button", { name: l.common.save }).click();
      const secretDialog = page.getByRole("dialog", { name: w.secret.title });
      const secretField = secretDialog.getByRole("textbox", { name: w.secret.label });
      await expect(secretField).toHaveValue(/^whsec_/);
      const secret = await secretField.inputValue();
      await secretDialog.getByRole("button", { name: w.secret.done }).click();
      await expect(secretDialog).toBeHidden();
      const row = page.getByTestId("webhook-row");
      await expect(row).toContainText(receiver.url);
      await expect(row).toContainText(w.status.active);

      // The project's status changes on its page.
      await page.goto(`/user/${me.uid}/projects/${project.uid}`);
      await page.getByRole("button", { name: l.projectDetail.edit }).click();
      const form = page.getByRole("dialog", { name: l.projectForm.editTitle });
      await form
        .getByRole("textbox", { name: l.projectForm.status, exact: true })
        .or(form.getByRole("combobox", { name: l.projectForm.status, exact: true }))
        .first()
        .click();
      await page.getByRole("option", { name: l.workflows.statusNames.completed, exact: true }).click();
      await form.getByRole("button", { name: l.common.save }).click();
      await toast(page, l.projectForm.updated);

      const [delivery] = await waitForDeliveries(receiver.received, "project.status.change", 1);
      expect(verifyWebhookSignature(delivery!, secret)).toBe(true);
      expect(verifyWebhookSignature(delivery!, `${secret}x`)).toBe(false);
      const body = JSON.parse(delivery!.body) as {
        id: string;
        event: string;
        organization_id: string;
        data: { to_status: { key: string } | string; project: { uid: string } | string };
      };
      expect(body).toMatchObject({ event: "project.status.change", organization_id: org });
      expect(JSON.stringify(body.data)).toContain(project.uid);
      expect(JSON.stringify(body.data)).toContain("completed");
      expect(delivery!.headers["x-timetrap-delivery"]).toBeTruthy();

      // The log shows it as the receiver answered it.
      await page.goto(`/organization/${org}/webhooks`);
      await page.getByRole("button", { name: fill(w.deliveries.openFor, { url: receiver.url }) }).click();
      const drawer = page.getByRole("dialog", { name: w.deliveries.title });
      const entry = drawer.getByTestId("webhook-delivery").first();
      await expect(entry).toContainText(w.events.statusChange.label);
      await expect(entry).toContainText(w.deliveries.states.succeeded);
      await entry.getByRole("button", { name: new RegExp(w.events.statusChange.label) }).click();
      const attempt = entry.getByTestId("webhook-attempt").first();
      await expect(attempt).toContainText("200");
      await expect(attempt).toContainText('{"received":true}');

      // Sent again: the same event, signed again, a new delivery in the log.
      await entry.getByRole("button", { name: w.deliveries.redeliver }).click();
      await toast(page, w.deliveries.redelivered);
      const again = await waitForDeliveries(receiver.received, "project.status.change", 2);
      expect(verifyWebhookSignature(again[1]!, secret)).toBe(true);
      expect((JSON.parse(again[1]!.body) as { id: string }).id).toBe(body.id);
      expect(again[1]!.headers["x-timetrap-delivery"]).not.toBe(delivery!.headers["x-timetrap-delivery"]);
      await expect(drawer.getByTestId("webhook-delivery")).toHaveCount(2);
      await expect(drawer.getByTestId("webhook-delivery").first()).toContainText(w.deliveries.states.succeeded);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();

      // Deleted after its confirmation.
      await page.getByRole("button", { name: fill(w.delete, { url: receiver.url }) }).click();
      const confirm = page.getByRole("dialog", { name: w.deleteTitle });
      await confirm.getByRole("button", { name: w.deleteConfirm }).click();
      await toast(page, w.deleted);
      await expect(page.getByText(w.empty)).toBeVisible();
      const list = await request.get(`/api/v1/organization/${org}/webhooks`, { headers });
      expect(await list.json()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
}
