import { describe, expect, it } from "vitest";
import { checkoutOpenOptions, checkoutOutcome } from "./checkout-options";

describe("the inline checkout's arguments", () => {
  it("buys one of the plan's price for the person and the organization, inline at the spec's 416 px", () => {
    expect(
      checkoutOpenOptions({
        priceId: "pri_01unlimited",
        email: "ada@example.com",
        userId: "user-1",
        organizationId: "org-1",
        locale: "it",
      }),
    ).toEqual({
      items: [{ priceId: "pri_01unlimited", quantity: 1 }],
      customer: { email: "ada@example.com" },
      customData: { userId: "user-1", organizationId: "org-1" },
      settings: {
        displayMode: "inline",
        frameTarget: "timetrap-checkout-frame",
        frameInitialHeight: 416,
        frameStyle: "width:100%;min-width:312px;background-color:transparent;border:none;",
        allowLogout: false,
        locale: "it",
      },
    });
  });
});

describe("what a Paddle event means to the page", () => {
  it.each([
    ["checkout.loaded", "loaded"],
    ["checkout.completed", "completed"],
    ["checkout.error", "failed"],
    ["checkout.failed", "failed"],
    ["checkout.payment.failed", "failed"],
    ["checkout.payment.error", "failed"],
    ["checkout.closed", "closed"],
    ["checkout.customer.created", null],
    [undefined, null],
  ] as const)("%s is %s", (name, outcome) => {
    expect(checkoutOutcome({ name: name as never })).toBe(outcome);
  });
});
