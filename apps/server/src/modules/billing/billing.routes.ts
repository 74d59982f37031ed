import { organizationSubscriptionSchema, subscriptionPlansSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { jsonNestsDeeperThan, maxBodyDepth } from "../../http/body-depth.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, organizationIdParam } from "../api-document/api-document.js";
import {
  organizationSubscriptionExample,
  paddleWebhookAnswerExample,
  scheduledDowngradeExample,
  subscriptionPlansExample,
} from "../api-document/billing-examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { BillingService } from "./billing.service.js";

const tags = ["billing"];
const orgParams = z.object({ orgId: organizationIdParam });

const webhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z
    .enum(["applied", "recorded", "stale", "ignored", "duplicate"])
    .describe(
      "`applied`: the organization's subscription follows the event; `recorded`: kept, nothing to change " +
        "(a transaction of a subscription); `stale`: older than the state kept; `ignored`: no organization of this " +
        "server (or an event type it does not act on); `duplicate`: this `event_id` was handled before",
    ),
});

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService; authenticate: Authenticate }> = async (
  app,
  { billing, authenticate },
) => {
  app.get(
    "/subscription",
    {
      onRequest: authenticate,
      schema: {
        operationId: "listSubscriptionPlans",
        tags,
        summary: "List the plans",
        description:
          "The plans (free and unlimited) with their units, EUR and USD prices and the Paddle price that buys each, " +
          "and how this server takes payments: whether Paddle is configured, its environment and Paddle.js's " +
          "client-side token. Any signed-in person.",
        security: bearerSecurity,
        response: {
          200: answer(subscriptionPlansSchema, "The plans and the payments' settings", subscriptionPlansExample),
          ...errorResponses(401),
        },
      },
    },
    async () => billing.listPlans(),
  );

  app.get(
    "/organization/:orgId/subscription",
    {
      onRequest: authenticate,
      schema: {
        operationId: "getOrganizationSubscription",
        tags,
        summary: "Get the organization's subscription",
        description:
          "The organization's plan, its Paddle subscription's status, id, period end and scheduled change, its usage " +
          "of the USER (active members and pending invitations) and PROJECT units, and what the free plan would " +
          "refuse now (`downgrade_blockers`). Needs `edit` on `organization`.",
        security: bearerSecurity,
        params: orgParams,
        response: {
          200: answer(
            organizationSubscriptionSchema,
            "The organization's subscription",
            organizationSubscriptionExample,
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => billing.getSubscription({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.delete(
    "/organization/:orgId/subscription",
    {
      onRequest: authenticate,
      schema: {
        operationId: "downgradeOrganizationSubscription",
        tags,
        summary: "Downgrade to the free plan",
        description:
          "Refused (409) while the organization has more users or projects than the free plan allows, naming what " +
          "must be removed first. With a Paddle subscription, asks Paddle to cancel it at the end of the billing " +
          "period and answers 202: the plan moves to free when Paddle's `subscription.canceled` webhook arrives. " +
          "A plan an operator set (no Paddle subscription) moves to free straight away (200). Needs `edit` on " +
          "`organization`. A Paddle failure is a 502 (504 on its timeout), and nothing changes.",
        security: bearerSecurity,
        params: orgParams,
        response: {
          200: answer(organizationSubscriptionSchema, "On the free plan now", organizationSubscriptionExample),
          202: answer(
            organizationSubscriptionSchema,
            "Paddle cancels the subscription at the period's end; the plan moves then",
            scheduledDowngradeExample,
          ),
          ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504),
        },
      },
    },
    async (request, reply) => {
      const { accepted, subscription } = await billing.downgrade({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        client: sessionClientOf(request),
      });
      return reply.status(accepted ? 202 : 200).send(subscription);
    },
  );

  // In a scope of its own: the signature is over the body's exact bytes, so this route alone takes JSON unparsed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    // Measured as every JSON body is (a body nested too deep is a 400 before any other look at it), kept as bytes.
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
      if (jsonNestsDeeperThan(String(body), maxBodyDepth)) {
        done(new AppError("BAD_REQUEST", `The request body is nested deeper than ${maxBodyDepth} levels`), undefined);
        return;
      }
      done(null, body);
    });
    scope.post(
      "/billing/paddle/webhook",
      {
        schema: {
          operationId: "receivePaddleWebhook",
          tags,
          summary: "Receive a Paddle Billing webhook",
          description:
            "Paddle's notification destination (no session). The `Paddle-Signature` header " +
            "(`ts=<unix>;h1=<hex>`, several `h1` while a secret is rotated) must be HMAC-SHA256 of `ts:body` with " +
            "the destination's secret, and `ts` within 5 s of the server's clock: else 401 (400 for a malformed " +
            "header), and nothing is written. Each `event_id` is handled once: a replay answers 200 and changes " +
            "nothing. Subscription events set the organization's plan and subscription state; an event older than " +
            "the last one applied changes nothing. 404 when payments are not configured on this server.",
          headers: z.object({
            "paddle-signature": z.string().max(2000).optional().describe("`ts=<unix time>;h1=<hex HMAC>`"),
          }),
          response: {
            200: answer(webhookAnswerSchema, "The event was received", paddleWebhookAnswerExample),
            ...errorResponses(400, 401, 404, 413, 415),
          },
        },
      },
      async (request) =>
        billing.handlePaddleWebhook({
          rawBody: request.body as Buffer,
          signature: [request.headers["paddle-signature"]].flat()[0],
        }),
    );
  });
};
