import { type APIRequestContext, expect, test } from "@playwright/test";
import { deliverPaddleWebhook, paddleEvent, paddleSubscription } from "@timetrap/fakes";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { baseURL } from "./playwright.config.ts";
import { createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";
import {
  firePaddleEvent,
  mockPaddle,
  paddleCalls,
  paddleWebhookPath,
  paddleWebhookSecret,
  unlimitedPriceId,
} from "./support/paddle.ts";

/**
 * Issue 14's subscription journey in both languages: on the free plan with its five projects, the plan picker, Paddle's
 * inline checkout (Paddle.js mocked in the page, its arguments checked), the payment received, Paddle's signed
 * `subscription.activated` webhook delivered to the server as Paddle would, the plan changing on the page, and the
 * project limit lifted on the projects page.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name] ?? ""));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createProject(request: APIRequestContext, token: string, org: string, manager: string, title: string) {
  const customer = await request.post(`/api/v1/organization/${org}/customer`, {
    headers: bearer(token),
    data: { nominative: `${title} S.r.l.` },
  });
  expect(customer.status()).toBe(201);
  return request.post(`/api/v1/organization/${org}/project`, {
    headers: bearer(token),
    data: {
      title,
      customer_id: ((await customer.json()) as { uid: string }).uid,
      project_manager_id: manager,
      salesaccount: [manager],
      budget: 0,
    },
  });
}

for (const language of ["en", "it"] as const) {
  test.describe(`subscription in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test(`an admin pays for the Unlimited plan in the inline checkout, the webhook changes the plan and lifts the project limit (${language})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const l = texts[language];
      const t = l.subscription;
      // Plans are named in the reader's language (decision 036).
      const free = l.plans.free;
      const unlimited = l.plans.unlimited;
      const admin = await createOnboardedUser(request, { nominative: "Ada Lovelace", organization: "Studio Lovelace" });
      const me = await getMe(request, admin.token);
      const org = me.organization.uid;
      const saved = await request.patch(`/api/v1/user/${me.uid}`, { headers: bearer(admin.token), data: { language } });
      expect(saved.status()).toBe(200);

      // The free plan's five projects, and the sixth refused.
      for (let n = 1; n <= 5; n++) {
        expect((await createProject(request, admin.token, org, me.uid, `Progetto ${n}`)).status()).toBe(201);
      }
      const refused = await createProject(request, admin.token, org, me.uid, "Progetto 6");
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "PLAN_LIMIT_REACHED" });

      await mockPaddle(page);
      await openSignedIn(page, admin.token, `/organization/${org}/subscription`, language);
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      await expect(page.getByTestId("current-plan-name")).toHaveText(free);
      await expect(page.getByTestId("unit-PROJECT")).toContainText(fill(t.usage.of, { used: 5, limit: 5 }));
      await expect(page.getByTestId("unit-USER")).toContainText(fill(t.usage.of, { used: 1, limit: 5 }));
      await expect(page.getByTestId("unit-INTEGRATION")).toContainText(fill(t.allowance.perPerson, { limit: 2 }));
      await expect(page.getByTestId("unit-TEAM_DASHBOARD")).toContainText(t.allowance.notIncluded);

      // The plan picker: the free plan is the current one; the paid one opens the checkout.
      await page.getByRole("button", { name: t.changePlan }).click();
      const picker = page.getByRole("dialog", { name: t.picker.title });
      await expect(picker).toBeVisible();
      await expect(picker.getByTestId("plan-free")).toContainText(t.picker.current);
      await expect(picker.getByTestId("plan-unlimited")).toContainText("49,00");
      await picker.getByRole("button", { name: fill(t.picker.selectPlan, { plan: unlimited }) }).click();
      await expect(picker.getByRole("heading", { name: fill(t.checkout.title, { plan: unlimited }) })).toBeVisible();
      await expect(picker.getByTestId("fake-paddle-checkout")).toBeVisible();

      // Back returns to the plans (closing the checkout, without the payment error toast), then the checkout again.
      await picker.getByRole("button", { name: t.checkout.back }).click();
      await expect(picker.getByTestId("plan-unlimited")).toBeVisible();
      await expect(page.getByText(t.paymentError.title)).toHaveCount(0);
      expect((await paddleCalls(page)).closes).toBe(1);
      await picker.getByRole("button", { name: fill(t.picker.selectPlan, { plan: unlimited }) }).click();
      await expect(picker.getByTestId("fake-paddle-checkout")).toBeVisible();

      const calls = await paddleCalls(page);
      expect(calls.initialize).toEqual({ environment: "sandbox", token: "test_fake_client_token" });
      expect(calls.opens).toHaveLength(2);
      expect(calls.opens[1]).toEqual({
        items: [{ priceId: unlimitedPriceId, quantity: 1 }],
        customer: { email: admin.email },
        customData: { userId: me.uid, organizationId: org },
        settings: expect.objectContaining({
          displayMode: "inline",
          frameTarget: "timetrap-checkout-frame",
          frameInitialHeight: 416,
          allowLogout: false,
        }),
      });
      // The frame is as tall as the spec says from the start.
      const frame = await picker.getByTestId("checkout-frame").boundingBox();
      expect(frame?.height).toBeGreaterThanOrEqual(416);

      // Paid: the page waits for Paddle's webhook, the plan unchanged until it comes.
      await firePaddleEvent(page, "checkout.completed");
      await expect(picker.getByText(t.activating.title)).toBeVisible();
      const before = await request.get(`/api/v1/organization/${org}/subscription`, { headers: bearer(admin.token) });
      expect(((await before.json()) as { plan: { code: string } }).plan.code).toBe("free");

      const delivered = await deliverPaddleWebhook(
        `${baseURL}${paddleWebhookPath}`,
        paddleWebhookSecret(),
        paddleEvent(
          "subscription.activated",
          paddleSubscription({ priceId: unlimitedPriceId, custom_data: { userId: me.uid, organizationId: org } }),
        ),
      );
      expect(delivered.status, delivered.body).toBe(200);

      await expect(page.getByText(fill(t.activated, { plan: unlimited }))).toBeVisible();
      await expect(picker.getByTestId("plan-unlimited")).toContainText(t.picker.current);
      await expect(picker.getByRole("button", { name: t.picker.downgrade })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(picker).toBeHidden();
      await expect(page.getByTestId("current-plan-name")).toHaveText(unlimited);
      await expect(page.getByTestId("unit-PROJECT")).toContainText(fill(t.usage.noLimit, { used: 5 }));
      await expect(page.getByTestId("unit-TEAM_DASHBOARD")).toContainText(t.allowance.included);

      // The project limit is lifted: the projects page's add button works, and a sixth project is created.
      await page.goto(`/user/${me.uid}/projects?organizationId=${org}&v=all-projects`);
      const add = page.getByRole("button", { name: l.projects.newProject }).first();
      await expect(add).toBeEnabled();
      await add.click();
      const form = page.getByRole("dialog", { name: l.projectForm.newTitle });
      await expect(form).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(form).toBeHidden();
      const sixth = await createProject(request, admin.token, org, me.uid, "Progetto 6");
      expect(sixth.status()).toBe(201);
      await page.reload();
      await expect(page.getByRole("link", { name: "Progetto 6" })).toBeVisible();
    });
  });
}
