import { expect, test } from "@playwright/test";
import { deliverPaddleWebhook, type FakePaddleSubscription, paddleEvent } from "@timetrap/fakes";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { baseURL } from "./playwright.config.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { addColleague, createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";
import {
  firePaddleEvent,
  mockPaddle,
  paddleWebhookPath,
  paddleWebhookSecret,
  unlimitedPriceId,
} from "./support/paddle.ts";
import { shot } from "./support/screens.ts";

/**
 * The subscription screens in both languages, desktop and phone, under e2e/screenshots/: the page on the free plan, the
 * plan picker, the checkout step (Paddle.js mocked: a stand-in form where Paddle's frame goes), the activating state,
 * the page on the paid plan and with a payment overdue, the downgrade's confirmation and the cancellation scheduled, and a server without payments
 * (its `GET subscription` answered in the page, since the journeys' server takes payments through the fake Paddle).
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? ""));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const desktop = { width: 1366, height: 860 };
const phone = { width: 390, height: 844 };

for (const language of ["en", "it"] as const) {
  test.describe(`subscription screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("the subscription page, the plan picker, the checkout and the downgrade", async ({ page, request }) => {
      test.setTimeout(240_000);
      const l = texts[language];
      const t = l.subscription;
      // Plans are named in the reader's language (decision 036).
      const free = l.plans.free;
      const unlimited = l.plans.unlimited;
      const sidebar = l.components.sidebar;
      const admin = await createOnboardedUser(request, {
        nominative: "Giulia Bianchi",
        organization: "Studio Bianchi",
      });
      const me = await getMe(request, admin.token);
      const org = me.organization.uid;
      await request.patch(`/api/v1/user/${me.uid}`, { headers: bearer(admin.token), data: { language } });
      await addColleague(request, admin, { roleName: "Member", nominative: "Luca Verdi" });
      await addColleague(request, admin, { roleName: "Manager", nominative: "Sara Neri" });
      for (const title of ["Sito Caffè Nero", "App Officine Rossi", "Brand Acme", "Intranet Studio"]) {
        const customer = await request.post(`/api/v1/organization/${org}/customer`, {
          headers: bearer(admin.token),
          data: { nominative: `${title} S.r.l.` },
        });
        const created = await request.post(`/api/v1/organization/${org}/project`, {
          headers: bearer(admin.token),
          data: {
            title,
            customer_id: ((await customer.json()) as { uid: string }).uid,
            project_manager_id: me.uid,
            salesaccount: [me.uid],
            budget: 0,
          },
        });
        expect(created.status()).toBe(201);
      }

      /** The page at desktop width then on a phone, its sidebar narrowed to icons as a narrow screen starts it. */
      const pageShots = async (name: string) => {
        await shot(page, language, `subscription-${name}`, { fullPage: true });
        await page.setViewportSize(phone);
        await page.getByRole("button", { name: sidebar.collapse }).click();
        await shot(page, language, `subscription-${name}-phone`, { fullPage: true });
        await page.getByRole("button", { name: sidebar.expand }).click();
        await page.setViewportSize(desktop);
      };
      /** A full-screen or centred dialog at both widths. */
      const dialogShots = async (name: string) => {
        await shot(page, language, `subscription-${name}`);
        await page.setViewportSize(phone);
        await shot(page, language, `subscription-${name}-phone`);
        await page.setViewportSize(desktop);
      };

      await page.setViewportSize(desktop);
      await mockPaddle(page);
      await openSignedIn(page, admin.token, `/organization/${org}/subscription`, language);
      await expect(page.getByTestId("unit-USER")).toContainText(fill(t.usage.of, { used: 3, limit: 5 }));
      await expect(page.getByTestId("unit-PROJECT")).toContainText(fill(t.usage.of, { used: 4, limit: 5 }));
      await expectNoSeriousA11yViolations(page, `subscription page (${language})`);
      await pageShots("01-free");

      // A server without payments: the picker names the operator's command and opens no checkout.
      await page.route("**/api/v1/subscription", async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { payments: Record<string, unknown> };
        body.payments = { configured: false, environment: "sandbox", client_token: null };
        await route.fulfill({ response: answer, json: body });
      });
      await page.reload();
      await page.getByRole("button", { name: t.changePlan }).click();
      const picker = page.getByRole("dialog", { name: t.picker.title });
      await expect(picker.getByText(t.picker.notConfigured.title)).toBeVisible();
      await expect(picker.getByText(`npm run plan -- --organization ${org} --plan unlimited`)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `plan picker without payments (${language})`, {
        include: ['[role="dialog"]'],
      });
      await expect(picker.getByRole("button", { name: fill(t.picker.selectPlan, { plan: unlimited }) })).toBeDisabled();
      await dialogShots("01b-not-configured");
      await page.unroute("**/api/v1/subscription");
      await page.reload();
      await expect(page.getByTestId("current-plan-name")).toBeVisible();

      await page.getByRole("button", { name: t.changePlan }).click();
      await expect(picker.getByTestId("plan-unlimited")).toBeVisible();
      await dialogShots("02-picker");

      await picker.getByRole("button", { name: fill(t.picker.selectPlan, { plan: unlimited }) }).click();
      await expect(picker.getByTestId("fake-paddle-checkout")).toBeVisible();
      await dialogShots("03-checkout");

      await firePaddleEvent(page, "checkout.completed");
      await expect(picker.getByText(t.activating.title)).toBeVisible();
      await dialogShots("04-activating");

      // Paddle's webhook, for a subscription the fake Paddle knows (so that the downgrade can cancel it there).
      const stored = await request.post(`${process.env.FAKE_PADDLE_URL}/__control/subscriptions`, {
        data: { subscription: { priceId: unlimitedPriceId, custom_data: { userId: me.uid, organizationId: org } } },
      });
      expect(stored.status()).toBe(201);
      const subscription = (await stored.json()) as FakePaddleSubscription;
      const delivered = await deliverPaddleWebhook(
        `${baseURL}${paddleWebhookPath}`,
        paddleWebhookSecret(),
        paddleEvent("subscription.activated", subscription),
      );
      expect(delivered.status, delivered.body).toBe(200);
      await expect(picker.getByTestId("plan-unlimited")).toContainText(t.picker.current);
      await dialogShots("05-picker-unlimited");
      await page.keyboard.press("Escape");
      await expect(picker).toBeHidden();
      await expect(page.getByTestId("current-plan-name")).toHaveText(unlimited);
      await pageShots("06-unlimited");

      // A renewal refused: Paddle retries, the plan stays, and the page says so.
      const pastDue = await deliverPaddleWebhook(
        `${baseURL}${paddleWebhookPath}`,
        paddleWebhookSecret(),
        paddleEvent("subscription.past_due", { ...subscription, status: "past_due" }),
      );
      expect(pastDue.status, pastDue.body).toBe(200);
      await page.reload();
      await expect(page.getByText(t.pastDue.title)).toBeVisible();
      await expect(page.getByText(t.status.pastDue)).toBeVisible();
      await expect(page.getByTestId("current-plan-name")).toHaveText(unlimited);
      await pageShots("06b-past-due");

      await page.getByRole("button", { name: t.changePlan }).click();
      await picker.getByRole("button", { name: t.picker.downgrade }).click();
      const downgrade = page.getByRole("dialog", { name: fill(t.downgrade.title, { plan: free }) });
      await expect(downgrade).toBeVisible();
      await dialogShots("07-downgrade");
      await downgrade.getByRole("button", { name: t.downgrade.confirm }).click();
      await expect(downgrade).toBeHidden();
      await expect(picker.getByTestId("plan-free")).toContainText(
        fill(t.picker.downgradeScheduled, { date: "" }).trim(),
      );
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("current-plan-name")).toHaveText(unlimited);
      // The plan stays until the period's end, then Paddle's `subscription.canceled` moves it to free.
      await expect(page.getByText(t.status.cancelsOn.split("{{")[0] as string)).toBeVisible();
      await pageShots("08-cancel-scheduled");
    });
  });
}
