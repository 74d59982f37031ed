import type { CheckoutOpenOptions, PaddleEventData } from "@paddle/paddle-js";

/** The class of the `div` Paddle draws its inline checkout in (Paddle Billing's `frameTarget` names a class). */
export const checkoutFrameClass = "timetrap-checkout-frame";

/** Spec part 2 §9: the checkout frame's initial height. */
export const checkoutFrameInitialHeight = 416;

/**
 * `Paddle.Checkout.open`'s arguments for a paid plan (spec part 2 §7 "card payment"; INTEGRATIONS.md §6b): the plan's
 * price, quantity fixed at one (inline checkout shows no quantity picker), the person's e-mail, and the custom data
 * Paddle's webhook brings back to tell which organization paid, drawn inline in the page at the spec's height.
 */
export function checkoutOpenOptions({
  priceId,
  email,
  userId,
  organizationId,
  locale,
}: {
  priceId: string;
  email: string;
  userId: string;
  organizationId: string;
  locale: string;
}): CheckoutOpenOptions {
  return {
    items: [{ priceId, quantity: 1 }],
    customer: { email },
    customData: { userId, organizationId },
    settings: {
      displayMode: "inline",
      frameTarget: checkoutFrameClass,
      frameInitialHeight: checkoutFrameInitialHeight,
      frameStyle: "width:100%;min-width:312px;background-color:transparent;border:none;",
      allowLogout: false,
      locale,
    },
  };
}

export type CheckoutOutcome = "loaded" | "completed" | "failed" | "closed";

/**
 * What an event of Paddle.js means to the page: the checkout drawn, paid (the plan changes later, with the webhook),
 * failed, or closed. Paddle lets a person try another card after a refused payment, so the page stays on the checkout
 * after a failure and only tells it (spec part 2 §8, the payment error toast).
 */
export function checkoutOutcome(event: Pick<PaddleEventData, "name">): CheckoutOutcome | null {
  switch (event.name) {
    case "checkout.loaded":
      return "loaded";
    case "checkout.completed":
      return "completed";
    case "checkout.error":
    case "checkout.failed":
    case "checkout.payment.error":
    case "checkout.payment.failed":
      return "failed";
    case "checkout.closed":
      return "closed";
    default:
      return null;
  }
}
