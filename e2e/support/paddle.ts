import type { Page } from "@playwright/test";

/**
 * Paddle.js in the browser journeys (INTEGRATIONS.md §6b "Offline testing"): Paddle's script is never loaded. The page's
 * test seam (`window.__timetrapPaddle`, apps/web/src/features/subscription/lib/paddle.ts) gets a fake
 * `initializePaddle` that records its options and each `Checkout.open`, draws a stand-in form where the inline checkout
 * would be, and lets the journey fire Paddle's checkout events (`firePaddleEvent`).
 */
export async function mockPaddle(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Options = { eventCallback?: (event: { name: string; data?: unknown }) => void; [key: string]: unknown };
    type OpenOptions = { settings?: { frameTarget?: string; frameInitialHeight?: number } };
    const calls = { initialize: null as unknown, opens: [] as unknown[], closes: 0 };
    const events: Array<(name: string) => void> = [];
    const fake = window as unknown as Record<string, unknown>;
    fake.__paddleCalls = calls;
    fake.__firePaddleEvent = (name: string) => {
      for (const emit of events) emit(name);
    };
    fake.__timetrapPaddle = {
      initializePaddle: async (options: Options) => {
        const { eventCallback, ...rest } = options;
        calls.initialize = rest;
        events.push((name) => eventCallback?.({ name, data: {} }));
        return {
          Checkout: {
            open(openOptions: OpenOptions) {
              calls.opens.push(JSON.parse(JSON.stringify(openOptions)));
              const target = document.querySelector(`.${openOptions.settings?.frameTarget ?? ""}`);
              if (target) {
                const height = openOptions.settings?.frameInitialHeight ?? 416;
                const field = (label: string, value: string) =>
                  `<div style="margin-bottom:14px"><div style="font-size:13px;color:#555;margin-bottom:4px">${label}</div>` +
                  `<div style="border:1px solid #ccc;border-radius:6px;padding:10px 12px;font-size:14px;color:#333">${value}</div></div>`;
                target.innerHTML =
                  `<div data-testid="fake-paddle-checkout" style="height:${height}px;box-sizing:border-box;padding:20px;font-family:sans-serif">` +
                  `<div style="font-weight:600;margin-bottom:16px;color:#333">Paddle checkout (test double)</div>` +
                  field("Card number", "4242 4242 4242 4242") +
                  field("Expiry date", "12 / 30") +
                  field("Name on card", "Ada Lovelace") +
                  `<div style="background:#2f9e44;color:#fff;border-radius:6px;padding:12px;text-align:center;font-weight:600">Pay now</div></div>`;
              }
              setTimeout(() => eventCallback?.({ name: "checkout.loaded", data: {} }), 50);
            },
            close() {
              calls.closes += 1;
            },
          },
        };
      },
    };
  });
}

export interface PaddleCalls {
  initialize: Record<string, unknown> | null;
  opens: Array<Record<string, unknown>>;
  closes: number;
}

export function paddleCalls(page: Page): Promise<PaddleCalls> {
  return page.evaluate(() => (window as unknown as { __paddleCalls: PaddleCalls }).__paddleCalls);
}

/** Fires one of Paddle's checkout events (`checkout.completed`, `checkout.closed`, …) as Paddle.js would. */
export function firePaddleEvent(page: Page, name: string): Promise<void> {
  return page.evaluate((event) => {
    (window as unknown as { __firePaddleEvent: (name: string) => void }).__firePaddleEvent(event);
  }, name);
}

/** Paddle's webhook endpoint on the server under test. */
export const paddleWebhookPath = "/api/v1/billing/paddle/webhook";

/** The notification secret the global setup gave the server (PADDLE_WEBHOOK_SECRET). */
export function paddleWebhookSecret(): string {
  const secret = process.env.E2E_PADDLE_WEBHOOK_SECRET;
  if (!secret) throw new Error("E2E_PADDLE_WEBHOOK_SECRET is not set: the global setup did not run");
  return secret;
}

/** The Unlimited plan's price the global setup gave the server (the fakes' default, PADDLE_PRICE_IDS). */
export const unlimitedPriceId = "pri_01unlimited";
