import type { InitializePaddleOptions, Paddle } from "@paddle/paddle-js";
import { screen, waitFor, within } from "@testing-library/react";
import type { OrganizationSubscription, PlanConfigEntry, SubscriptionPlan, SubscriptionPlans } from "@timetrap/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const orgId = "org-1";
const route = `/organization/${orgId}/subscription`;
const subscriptionPath = `/api/v1/organization/${orgId}/subscription`;

const freeConfig: PlanConfigEntry[] = [
  { unitType: "USER", enabled: true, tierLimited: true, tierLimit: 5 },
  { unitType: "PROJECT", enabled: true, tierLimited: true, tierLimit: 5 },
  { unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 },
  { unitType: "TEAM_DASHBOARD", enabled: false, tierLimited: false, tierLimit: null },
];
const free: SubscriptionPlan = {
  uid: "plan-free",
  code: "free",
  name: "Free",
  config: freeConfig,
  subscription: {
    id: null,
    billing_type: "free",
    billing_period: null,
    recurring_price: null,
    trial_days: null,
  },
  price_id: null,
};
const unlimited: SubscriptionPlan = {
  uid: "plan-unlimited",
  code: "unlimited",
  name: "Unlimited",
  config: freeConfig.map((entry) => ({ ...entry, enabled: true, tierLimited: false, tierLimit: null })),
  subscription: {
    id: null,
    billing_type: "unlimited",
    billing_period: "month",
    recurring_price: { EUR: 49, USD: 55 },
    trial_days: null,
  },
  price_id: "pri_01unlimited",
};

function plansAnswer(configured = true): SubscriptionPlans {
  return {
    plans: [free, unlimited],
    payments: configured
      ? { configured: true, environment: "sandbox", client_token: "test_token" }
      : { configured: false, environment: "sandbox", client_token: null },
  };
}

function onPlan(plan: SubscriptionPlan, changes: Partial<OrganizationSubscription> = {}): OrganizationSubscription {
  const paid = plan.code !== "free";
  return {
    plan,
    status: paid ? "active" : "none",
    subscription_id: paid ? "sub_01" : null,
    current_period_end: paid ? "2026-12-28T10:00:00Z" : null,
    scheduled_change: null,
    usage: { USER: 3, PROJECT: 5 },
    downgrade_blockers: [],
    ...changes,
  };
}

function subscriptionServer({
  current = onPlan(free),
  configured = true,
  routes = {},
  role = "admin" as "admin" | "member",
}: {
  current?: OrganizationSubscription | (() => OrganizationSubscription);
  configured?: boolean;
  routes?: Record<string, StubHandler>;
  role?: "admin" | "member";
} = {}) {
  const user = buildUser({ uid: "user-1", email: "ada@acme.com", role: buildRole(role) });
  return stubSignedInApi(user, {
    "GET /api/v1/subscription": () => jsonResponse(plansAnswer(configured)),
    [`GET ${subscriptionPath}`]: () => jsonResponse(typeof current === "function" ? current() : current),
    ...routes,
  });
}

/** The browser journeys' seam (src/features/subscription/lib/paddle.ts), here with a spy. */
function fakePaddle() {
  const open = vi.fn();
  const close = vi.fn();
  let options: InitializePaddleOptions | undefined;
  window.__timetrapPaddle = {
    initializePaddle: async (given) => {
      options = given;
      return { Checkout: { open, close } } as unknown as Paddle;
    },
  };
  return {
    open,
    close,
    options: () => options,
    emit: (name: string) => options?.eventCallback?.({ name } as never),
  };
}

afterEach(() => {
  window.__timetrapPaddle = undefined;
});

describe("subscription page", () => {
  it("shows the current plan with its price, status and each unit's usage", async () => {
    subscriptionServer();
    renderApp({ route });
    expect(await screen.findByTestId("current-plan-name")).toHaveTextContent("Free");
    expect(screen.getByTestId("unit-USER")).toHaveTextContent("3 of 5");
    expect(screen.getByTestId("unit-PROJECT")).toHaveTextContent("5 of 5");
    expect(screen.getByTestId("unit-INTEGRATION")).toHaveTextContent("2 per person");
    expect(screen.getByTestId("unit-TEAM_DASHBOARD")).toHaveTextContent("not included");
    expect(screen.getByRole("progressbar", { name: "Projects: 5 of 5" })).toBeInTheDocument();
  });

  it("says when the last payment failed, and until when a canceled plan stays", async () => {
    subscriptionServer({
      current: onPlan(unlimited, {
        status: "past_due",
        scheduled_change: { action: "cancel", effective_at: "2026-12-28T10:00:00Z" },
      }),
    });
    renderApp({ route });
    expect(await screen.findByText("The last payment failed")).toBeInTheDocument();
    expect(screen.getByText("Ends on 28/12/2026")).toBeInTheDocument();
    expect(
      screen.getByText("Your Unlimited plan stays until 28/12/2026; then the organization moves to the free plan."),
    ).toBeInTheDocument();
  });

  it("is not shown to a member who cannot edit the organization", async () => {
    const fetch = subscriptionServer({ role: "member" });
    renderApp({ route });
    expect(
      await screen.findByText("Only people who can edit the organization see its subscription."),
    ).toBeInTheDocument();
    expect(fetch.requestsTo("GET", subscriptionPath)).toHaveLength(0);
  });

  it("opens Paddle's inline checkout for a paid plan, and waits for the webhook after the payment", async () => {
    const paddle = fakePaddle();
    let current = onPlan(free);
    subscriptionServer({ current: () => current });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Change plan" }));
    const picker = await screen.findByRole("dialog", { name: "Choose a plan" });
    expect(within(picker).getByTestId("plan-free")).toHaveTextContent("Current plan");
    expect(within(picker).getByTestId("plan-unlimited")).toHaveTextContent("€");
    await user.click(within(picker).getByRole("button", { name: "Select the Unlimited plan" }));

    await waitFor(() => expect(paddle.open).toHaveBeenCalledTimes(1));
    expect(paddle.options()).toMatchObject({ environment: "sandbox", token: "test_token" });
    expect(paddle.open.mock.calls[0]?.[0]).toMatchObject({
      items: [{ priceId: "pri_01unlimited", quantity: 1 }],
      customer: { email: "ada@acme.com" },
      customData: { userId: "user-1", organizationId: orgId },
      settings: { displayMode: "inline", frameInitialHeight: 416, frameTarget: "timetrap-checkout-frame" },
    });

    paddle.emit("checkout.completed");
    expect(await screen.findByText("Payment received, activating your plan…")).toBeInTheDocument();
    current = onPlan(unlimited);
    expect(
      await screen.findByText("Payment received: your organization is on the Unlimited plan.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(picker).getByTestId("plan-unlimited")).toHaveTextContent("Current plan");
  });

  it("shows the new plan at once when Paddle's webhook came before the checkout's own event", async () => {
    const paddle = fakePaddle();
    let current = onPlan(free);
    subscriptionServer({ current: () => current });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Change plan" }));
    await user.click(await screen.findByRole("button", { name: "Select the Unlimited plan" }));
    await waitFor(() => expect(paddle.open).toHaveBeenCalled());
    current = onPlan(unlimited);
    paddle.emit("checkout.completed");
    expect(
      await screen.findByText("Payment received: your organization is on the Unlimited plan."),
    ).toBeInTheDocument();
  });

  it("shows the payment error toast when the checkout fails, and goes back to the plans when it is closed", async () => {
    const paddle = fakePaddle();
    subscriptionServer();
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Change plan" }));
    await user.click(await screen.findByRole("button", { name: "Select the Unlimited plan" }));
    await waitFor(() => expect(paddle.open).toHaveBeenCalled());
    paddle.emit("checkout.payment.failed");
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back to the plans" })).toBeInTheDocument();
    paddle.emit("checkout.closed");
    expect(await screen.findByRole("button", { name: "Select the Unlimited plan" })).toBeInTheDocument();
  });

  it("goes back to the plans without a toast, closing the checkout", async () => {
    const paddle = fakePaddle();
    subscriptionServer();
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Change plan" }));
    await user.click(await screen.findByRole("button", { name: "Select the Unlimited plan" }));
    await waitFor(() => expect(paddle.open).toHaveBeenCalled());
    await user.click(screen.getByRole("button", { name: "Back to the plans" }));
    expect(await screen.findByRole("button", { name: "Select the Unlimited plan" })).toBeInTheDocument();
    expect(paddle.close).toHaveBeenCalled();
    expect(screen.queryByText("Something went wrong")).not.toBeInTheDocument();
  });

  it("names the operator's command on a server without payments, and opens no checkout", async () => {
    const paddle = fakePaddle();
    subscriptionServer({ configured: false });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Change plan" }));
    expect(await screen.findByText("Payments are not configured on this server")).toBeInTheDocument();
    expect(screen.getByText(`npm run plan -- --organization ${orgId} --plan unlimited`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Select the Unlimited plan" })).toBeDisabled();
    expect(paddle.open).not.toHaveBeenCalled();
  });

  it("keeps a refused downgrade's reason in the dialog", async () => {
    const message = "The free plan allows fewer: remove 1 project (6 of 5 allowed) before downgrading";
    const fetch = subscriptionServer({
      current: onPlan(unlimited),
      routes: { [`DELETE ${subscriptionPath}`]: () => errorResponse(409, "CONFLICT", message) },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Change plan" }));
    await user.click(await screen.findByRole("button", { name: "Downgrade" }));
    const dialog = await screen.findByRole("dialog", { name: "Downgrade to the Free plan?" });
    await user.click(within(dialog).getByRole("button", { name: "Downgrade" }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", subscriptionPath)).toHaveLength(1);
  });

  it("names what to remove before a downgrade in the reader's words, from the organization's blockers", async () => {
    const message = "The free plan allows fewer: remove 1 project (6 of 5 allowed) before downgrading";
    subscriptionServer({
      current: onPlan(unlimited, { downgrade_blockers: [{ unit: "PROJECT", usage: 6, limit: 5, excess: 1 }] }),
      routes: { [`DELETE ${subscriptionPath}`]: () => errorResponse(409, "CONFLICT", message) },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Change plan" }));
    await user.click(await screen.findByRole("button", { name: "Downgrade" }));
    const dialog = await screen.findByRole("dialog", { name: "Downgrade to the Free plan?" });
    await user.click(within(dialog).getByRole("button", { name: "Downgrade" }));
    expect(
      await within(dialog).findByText("Projects: 6 in use, the free plan allows 5. Remove 1 first."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
  });

  it("says until when the plan stays when Paddle cancels at the period's end", async () => {
    let current = onPlan(unlimited);
    subscriptionServer({
      current: () => current,
      routes: {
        [`DELETE ${subscriptionPath}`]: () => {
          current = onPlan(unlimited, { scheduled_change: { action: "cancel", effective_at: "2026-12-28T10:00:00Z" } });
          return jsonResponse(current, 202, "Accepted");
        },
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Change plan" }));
    await user.click(await screen.findByRole("button", { name: "Downgrade" }));
    const dialog = await screen.findByRole("dialog", { name: "Downgrade to the Free plan?" });
    await user.click(within(dialog).getByRole("button", { name: "Downgrade" }));
    expect(
      await screen.findByText("Your plan stays until 28/12/2026; then the organization moves to the free plan."),
    ).toBeInTheDocument();
    expect(await screen.findByText("Moving to this plan on 28/12/2026")).toBeInTheDocument();
  });
});
