import {
  type WebhookInput,
  webhookDeliveriesPageSchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookSchema,
  webhookSignatureToleranceSeconds,
  webhookWithSecretSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import {
  webhookDeliveriesPageExample,
  webhookDeliveryExample,
  webhookExample,
  webhookInputExample,
  webhookWithSecretExample,
} from "./webhooks.examples.js";
import type { WebhooksService } from "./webhooks.service.js";

const tags = ["webhooks"];
const organizationParams = z.object({ orgId: organizationIdParam });
const webhookParams = z.object({ orgId: organizationIdParam, webhookId: z.uuid().describe("The webhook's id") });
const deliveryParams = webhookParams.extend({ deliveryId: z.uuid().describe("The delivery's id") });
const deliveriesQuery = z.object({
  before: z
    .string()
    .max(200)
    .optional()
    .describe("The `next_cursor` of the page before, for older deliveries; absent for the newest"),
});

const needsEdit = "Needs `edit` on `organization`.";

/**
 * How a receiver checks a delivery, in the operations' descriptions (decision 030 says the same). A sample verifier
 * written from this text is in the webhooks' tests.
 */
const deliveryDescription =
  "Each delivery is a `POST` of JSON `{id, event, occurred_at, organization_id, data}` with the headers " +
  "`Content-Type: application/json`, `User-Agent: Timetrap-Webhooks/1`, `X-Timetrap-Event` (the event), " +
  "`X-Timetrap-Delivery` (the delivery's id), `X-Timetrap-Timestamp` (unix seconds) and `X-Timetrap-Signature: " +
  "sha256=<hex>`, the HMAC-SHA256 keyed with the webhook's secret (the whole `whsec_…` text) of the timestamp, a dot " +
  "and the raw body. A receiver computes the same HMAC, compares it in constant time, and refuses a timestamp more " +
  `than ${webhookSignatureToleranceSeconds} seconds from its clock. An answer in 2xx within the timeout (10 s) is ` +
  "a success; anything else (a redirect included, never followed) is retried for about a day, with the same body and " +
  "`id`: receivers drop an `id` they have seen.";

const body = (example: z.input<ReturnType<typeof webhookInputSchema>>, allowHttp: boolean) =>
  withExample(webhookInputSchema({ allowHttp }), example);

export const webhooksRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhooksService;
  authenticate: Authenticate;
  allowHttp: boolean;
}> = async (app, { webhooks, authenticate, allowHttp }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/webhooks",
    {
      schema: {
        operationId: "listWebhooks",
        tags,
        summary: "List webhooks",
        description: `The organization's webhooks, oldest first, each with its status and last delivery. ${needsEdit}`,
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(webhookSchema), "The webhooks", [webhookExample]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => webhooks.listWebhooks({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/webhooks",
    {
      schema: {
        operationId: "createWebhook",
        tags,
        summary: "Add a webhook",
        description:
          "Adds a webhook: `events` is a comma string of `project.status.change`, `project.budget.threshold` and " +
          "`project.margin.at_risk`; `conditions` per event is `always` or a list of the organization's project " +
          "status ids (only `project.status.change` takes a list). The url is https (at least 10 characters). The " +
          "answer carries the signing secret, shown this once. " +
          deliveryDescription +
          ` ${needsEdit}`,
        security: bearerSecurity,
        params: organizationParams,
        body: body(webhookInputExample, allowHttp),
        response: {
          201: answer(webhookWithSecretSchema, "The webhook added, with its secret", webhookWithSecretExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const webhook = await webhooks.createWebhook({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body as WebhookInput,
      });
      return reply.status(201).send(webhook);
    },
  );

  app.patch(
    "/organization/:orgId/webhooks/:webhookId",
    {
      schema: {
        operationId: "updateWebhook",
        tags,
        summary: "Change a webhook",
        description:
          "Replaces the webhook's url, description, events, enabled and conditions (the same body as adding one). " +
          "Enabling a disabled webhook clears its failures; disabling one ends its pending deliveries. " +
          needsEdit,
        security: bearerSecurity,
        params: webhookParams,
        body: body({ ...webhookInputExample, enabled: false }, allowHttp),
        response: {
          200: answer(webhookSchema, "The webhook as saved", { ...webhookExample, enabled: false, status: "disabled" }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      webhooks.updateWebhook({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        webhookId: request.params.webhookId,
        input: request.body as WebhookInput,
      }),
  );

  app.delete(
    "/organization/:orgId/webhooks/:webhookId",
    {
      schema: {
        operationId: "deleteWebhook",
        tags,
        summary: "Delete a webhook",
        description: `Deletes the webhook with its delivery log; its pending deliveries are not sent. ${needsEdit}`,
        security: bearerSecurity,
        params: webhookParams,
        response: { 204: noContent("The webhook was deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await webhooks.deleteWebhook({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        webhookId: request.params.webhookId,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/organization/:orgId/webhooks/:webhookId/secret",
    {
      schema: {
        operationId: "rotateWebhookSecret",
        tags,
        summary: "Give a webhook a new secret",
        description:
          "Replaces the signing secret and answers the new one, this once; deliveries from now on are signed with it. " +
          needsEdit,
        security: bearerSecurity,
        params: webhookParams,
        response: {
          200: answer(webhookWithSecretSchema, "The webhook with its new secret", webhookWithSecretExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      webhooks.rotateSecret({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        webhookId: request.params.webhookId,
      }),
  );

  app.get(
    "/organization/:orgId/webhooks/:webhookId/deliveries",
    {
      schema: {
        operationId: "listWebhookDeliveries",
        tags,
        summary: "List a webhook's deliveries",
        description:
          "The delivery log, newest first, 20 a page, each delivery with its body and every attempt (when, the " +
          "receiver's status code, how long it took, the first 1024 bytes of its answer, or why none came). " +
          needsEdit,
        security: bearerSecurity,
        params: webhookParams,
        querystring: deliveriesQuery,
        response: {
          200: answer(webhookDeliveriesPageSchema, "A page of deliveries", webhookDeliveriesPageExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      webhooks.listDeliveries({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        webhookId: request.params.webhookId,
        before: request.query.before,
      }),
  );

  app.post(
    "/organization/:orgId/webhooks/:webhookId/deliveries/:deliveryId/redeliver",
    {
      schema: {
        operationId: "redeliverWebhookDelivery",
        tags,
        summary: "Send a delivery again",
        description:
          "Makes a new delivery of the same body and event `id` (receivers that had it can drop it), sent at once and " +
          "retried as any other. A disabled webhook is a 409. " +
          needsEdit,
        security: bearerSecurity,
        params: deliveryParams,
        response: {
          202: answer(webhookDeliverySchema, "The new delivery, pending", webhookDeliveryExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const delivery = await webhooks.redeliver({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        webhookId: request.params.webhookId,
        deliveryId: request.params.deliveryId,
      });
      return reply.status(202).send(delivery);
    },
  );

  app.post(
    "/organization/:orgId/webhooks/:webhookId/test",
    {
      schema: {
        operationId: "sendWebhookTestEvent",
        tags,
        summary: "Send a test event",
        description:
          "Sends a `webhook.test` event (its `data` names the webhook) at once, one attempt and no retry, also to a " +
          "disabled webhook, to check the receiver. Its outcome shows in the delivery log. " +
          needsEdit,
        security: bearerSecurity,
        params: webhookParams,
        response: {
          202: answer(webhookDeliverySchema, "The test delivery, pending", {
            ...webhookDeliveryExample,
            event: "webhook.test",
          }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const delivery = await webhooks.sendTestEvent({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        webhookId: request.params.webhookId,
      });
      return reply.status(202).send(delivery);
    },
  );
};
