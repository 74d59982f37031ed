import {
  connectAnswerSchema,
  integrationInputSchema,
  integrationSchema,
  integrationServiceSchema,
  userIntegrationsSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, withExample } from "../api-document/api-document.js";
import {
  connectAnswerExample,
  integrationInputExample,
  jiraIntegrationExample,
  userIntegrationsExample,
} from "../api-document/integrations-examples.js";
import type { IntegrationsService } from "./integrations.service.js";

const tags = ["integrations"];

const service = integrationServiceSchema.describe("The service: gcalendar, todoist, asana, paymo or jira");
const userParams = z.object({ id: z.uuid().describe("The person's user id: the caller's own") });
const serviceParams = z.object({ service });

/**
 * What the consent page sends back. Only these are read; Google adds others (`scope`, `authuser`, `prompt`), which are
 * left alone. Every field may be missing: a callback without its state is answered with the page's error, not a 400.
 */
const callbackQuerySchema = z.object({
  state: z.string().max(512).optional().describe("The `state` the authorization URL carried"),
  code: z.string().max(4096).optional().describe("The authorization code, when the person agreed"),
  error: z.string().max(256).optional().describe("Why there is no code (`access_denied` when the person declined)"),
});

export const integrationsRoutes: FastifyPluginAsyncZod<{
  integrations: IntegrationsService;
  authenticate: Authenticate;
}> = async (app, { integrations, authenticate }) => {
  app.get(
    "/user/:id/integrations",
    {
      onRequest: authenticate,
      schema: {
        operationId: "listUserIntegrations",
        tags,
        summary: "List a person's integrations",
        description:
          "Every service with how it connects (`redirect`: an authorization page; `credentials`: a key), whether it " +
          "can be connected on this server and why not, whether it stays on (Google Calendar for a person who signs " +
          "in with Google), and the person's integration without its credential; then the plan's INTEGRATION unit. " +
          "The person themselves only: another member of the organization is a 403.",
        security: bearerSecurity,
        params: userParams,
        response: {
          200: answer(userIntegrationsSchema, "The services and the plan's unit", userIntegrationsExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => integrations.listIntegrations({ actorId: actorIdOf(request), userId: request.params.id }),
  );

  app.post(
    "/user/:id/integration",
    {
      onRequest: authenticate,
      schema: {
        operationId: "createUserIntegration",
        tags,
        summary: "Connect a service with its key",
        description:
          "Connects a credentials service: Paymo with its API key (`token_type` APIKEY), Jira with the account's " +
          "e-mail, the site (`acme.atlassian.net`, normalized: lower case, no scheme or path) and an API token " +
          "(`token_type` Basic). The credential is checked with the service before it is kept (Paymo's `GET /me`, " +
          "Jira's `GET /rest/api/3/myself` on the site): one the service refuses, or a site that resolves to a private " +
          "address, is a 400 whose message starts `Paymo API: ` or `Jira API: `, and nothing is kept; the service " +
          "failing, rate-limited or silent is a 502, 503 or 504. Kept sealed, never answered; connecting again " +
          "replaces it. The plan's INTEGRATION unit: 403 `PLAN_LIMIT_REACHED` at the limit, unless reconnecting. A " +
          "redirect service (Google Calendar, Todoist, Asana) is a 400 naming `GET /api/v1/connect/{service}`, " +
          "through which it connects. The person themselves only.",
        security: bearerSecurity,
        params: userParams,
        body: withExample(integrationInputSchema, integrationInputExample),
        response: {
          201: answer(integrationSchema, "The integration, without its credential", jiraIntegrationExample),
          ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504),
        },
      },
    },
    async (request, reply) => {
      const made = await integrations.createIntegration({
        actorId: actorIdOf(request),
        userId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(made);
    },
  );

  app.delete(
    "/user/:id/integration/:service",
    {
      onRequest: authenticate,
      schema: {
        operationId: "deleteUserIntegration",
        tags,
        summary: "Disconnect a service",
        description:
          "Removes the person's integration and its stored tokens, then revokes the token at the service (best " +
          "effort). A service the person has not connected is a 404; Google Calendar of a person who signs in with " +
          "Google stays on (409). The person themselves only.",
        security: bearerSecurity,
        params: userParams.extend({ service }),
        response: { 204: noContent("The integration was removed"), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await integrations.deleteIntegration({
        actorId: actorIdOf(request),
        userId: request.params.id,
        service: request.params.service,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/connect/:service",
    {
      onRequest: authenticate,
      schema: {
        operationId: "connectIntegration",
        tags,
        summary: "Start connecting a service",
        description:
          "The address of the service's consent page for the signed-in person, with a signed `state` that works once " +
          "and for 10 minutes; the consent page returns the browser to `connect/{service}/callback`. A service this " +
          "server cannot connect is a 409 (`INTEGRATION_UNAVAILABLE`: not configured, or not part of this version); " +
          "a person at the plan's INTEGRATION limit gets a 403 (`PLAN_LIMIT_REACHED`), unless reconnecting a service " +
          "they have. Any signed-in person, for themselves.",
        security: bearerSecurity,
        params: serviceParams,
        response: {
          200: answer(connectAnswerSchema, "Where to send the browser", connectAnswerExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => integrations.connectUrl({ actorId: actorIdOf(request), service: request.params.service }),
  );

  app.get(
    "/connect/:service/callback",
    {
      schema: {
        operationId: "completeIntegrationConnection",
        tags,
        summary: "Finish connecting a service",
        description:
          "Where the consent page returns the browser: the `state` (signed, single-use, 10 minutes) names the person, " +
          "the code is exchanged for tokens, which are stored encrypted. Always a redirect to the integrations page, " +
          "`/user/{id}/integrations?connected={service}` or `?service={service}&error={code}` (`access_denied`, " +
          "`invalid_state`, `expired_state`, `exchange_failed`, `limit_reached`, `not_configured`); a state the server " +
          "did not sign leads to the home page with the error. No token needed: the state is the proof.",
        params: serviceParams,
        querystring: callbackQuerySchema,
        response: {
          302: noContent("To the integrations page, with the outcome in the query (`Location`)"),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const location = await integrations.completeConnection({
        service: request.params.service,
        query: request.query,
      });
      // The page's address carries no secret, but the consent's code is in this request's: no cache may keep it.
      reply.header("cache-control", "no-store");
      return reply.redirect(location, 302);
    },
  );
};
