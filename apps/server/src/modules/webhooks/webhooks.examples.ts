import type {
  Webhook,
  WebhookDeliveriesPage,
  WebhookDelivery,
  WebhookWithSecret,
  webhookInputSchema,
} from "@timetrap/domain";
import type { z } from "zod";

/** The OpenAPI document's examples of the webhooks' routes. */
export const webhookInputExample: z.input<ReturnType<typeof webhookInputSchema>> = {
  url: "https://hooks.example.com/timetrap",
  description: "Invoicing system",
  events: "project.status.change,project.budget.threshold",
  enabled: true,
  conditions: { "project.status.change": ["7b0f6a52-2f0c-4d55-9a61-5d2b7c7d1a10"] },
};

export const webhookExample: Webhook = {
  uid: "3f1c9a6e-8d2b-4c1e-9f0a-2b6d7e8f9a01",
  url: "https://hooks.example.com/timetrap",
  description: "Invoicing system",
  events: ["project.status.change", "project.budget.threshold"],
  enabled: true,
  conditions: { "project.status.change": ["7b0f6a52-2f0c-4d55-9a61-5d2b7c7d1a10"] },
  status: "active",
  failing_since: null,
  disabled_reason: null,
  secret_hint: "Q2xw",
  created_at: "2026-03-02T09:15:00.000Z",
  last_delivery: { at: "2026-03-04T16:02:11.000Z", state: "succeeded", status_code: 200 },
};

export const webhookWithSecretExample: WebhookWithSecret = {
  ...webhookExample,
  last_delivery: null,
  secret: "whsec_4mV1c0n8yq2bQ7ZsF3pK9tLrX6hWd5aE0uJgNiOQ2xw",
  secret_hint: "Q2xw",
};

const exampleBody = JSON.stringify({
  id: "b8e2d0c4-6a1f-4e3b-8c9d-0f1e2d3c4b5a",
  event: "project.status.change",
  occurred_at: "2026-03-04T16:02:10.512Z",
  organization_id: "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
  data: {
    project: { uid: "9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d", title: "Website redesign" },
    from_status: { uid: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", key: "open", name: "Open" },
    to_status: { uid: "7b0f6a52-2f0c-4d55-9a61-5d2b7c7d1a10", key: "to_be_invoiced", name: "To be invoiced" },
    changed_by: { uid: "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f", nominative: "Giulia Rossi" },
  },
});

export const webhookDeliveryExample: WebhookDelivery = {
  uid: "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f",
  event_id: "b8e2d0c4-6a1f-4e3b-8c9d-0f1e2d3c4b5a",
  event: "project.status.change",
  state: "pending",
  created_at: "2026-03-04T16:02:10.520Z",
  next_attempt_at: "2026-03-04T16:02:10.520Z",
  attempts: [],
  body: exampleBody,
};

export const webhookDeliveriesPageExample: WebhookDeliveriesPage = {
  items: [
    {
      ...webhookDeliveryExample,
      state: "succeeded",
      next_attempt_at: null,
      attempts: [
        {
          at: "2026-03-04T16:02:10.600Z",
          status_code: 503,
          duration_ms: 212,
          response_excerpt: "Service Unavailable",
          error: "The receiver answered 503",
        },
        {
          at: "2026-03-04T16:03:08.100Z",
          status_code: 200,
          duration_ms: 95,
          response_excerpt: '{"ok":true}',
          error: null,
        },
      ],
    },
  ],
  next_cursor: null,
};
