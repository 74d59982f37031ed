import {
  accessTokenListSchema,
  accessTokenParamsSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
  organizationAccessTokenListSchema,
} from "@timetrap/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, describeFields, withExample } from "../api-document/api-document.js";
import {
  accessTokensExample,
  createAccessTokenExample,
  createdAccessTokenExample,
  organizationAccessTokensExample,
} from "../api-document/examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { AccessTokensService } from "./access-tokens.service.js";

const tags = ["auth"];
const noContent = { 204: z.null().describe("The token was revoked") };
const organizationParamsSchema = z.object({
  orgId: z.uuid({ message: "Organization id must be a UUID" }).describe("The organization's id"),
});

const personOf = (request: FastifyRequest) => ({
  userId: actorIdOf(request),
  organizationId: request.account?.organizationId ?? null,
  client: sessionClientOf(request),
});

/**
 * Personal access tokens (decision 024): a person's own under `auth/tokens`, made and revoked only from a signed-in
 * session (a token cannot manage tokens: `authenticate` refuses it); every member's under the organization, for whoever
 * may edit the organization.
 */
export const accessTokensRoutes: FastifyPluginAsyncZod<{
  accessTokens: AccessTokensService;
  authenticate: Authenticate;
}> = async (app, { accessTokens, authenticate }) => {
  app.get(
    "/auth/tokens",
    {
      onRequest: authenticate,
      schema: {
        operationId: "listAccessTokens",
        tags,
        summary: "List one's access tokens",
        description:
          "The signed-in person's personal access tokens, newest first, without the tokens themselves: `hint` shows " +
          "their first characters. Only with a session's token: a personal access token cannot manage tokens (403).",
        security: bearerSecurity,
        response: {
          200: answer(accessTokenListSchema, "The tokens", accessTokensExample),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => accessTokens.listTokens({ userId: actorIdOf(request) }),
  );

  app.post(
    "/auth/tokens",
    {
      onRequest: authenticate,
      schema: {
        operationId: "createAccessToken",
        tags,
        summary: "Make an access token",
        description:
          "Makes a personal access token for a script. The answer carries the token, shown this once. The token acts " +
          "as its person with their role, never more, and a `read` token may only read. Send it as " +
          "`Authorization: Bearer tt_pat_…`. A person holds at most 50 (409 past that); in an organization that " +
          "requires two-factor sign-in, only a person with a second factor may make one (403). Only with a session's token: a personal access token cannot manage tokens (403).",
        security: bearerSecurity,
        body: withExample(createAccessTokenSchema, createAccessTokenExample),
        response: {
          201: answer(createdAccessTokenSchema, "The token made, with the token itself", createdAccessTokenExample),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const created = await accessTokens.createToken({ ...personOf(request), input: request.body });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/auth/tokens/:id",
    {
      onRequest: authenticate,
      schema: {
        operationId: "revokeAccessToken",
        tags,
        summary: "Revoke an access token",
        description:
          "Revokes one of the signed-in person's tokens: it stops working at once. Another person's token is a 404. " +
          "Only with a session's token: a personal access token cannot manage tokens (403).",
        security: bearerSecurity,
        params: describeFields(accessTokenParamsSchema, { id: "The token's id" }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await accessTokens.revokeToken({ ...personOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/organization/:orgId/access-tokens",
    {
      onRequest: authenticate,
      schema: {
        operationId: "listOrganizationAccessTokens",
        tags: ["organizations"],
        summary: "List the members' access tokens",
        description:
          "Every personal access token of the organization's members, newest first, with whose it is. Needs `edit` on " +
          "`organization`. Only with a session's token: a personal access token cannot manage tokens (403).",
        security: bearerSecurity,
        params: organizationParamsSchema,
        response: {
          200: answer(organizationAccessTokenListSchema, "The members' tokens", organizationAccessTokensExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      accessTokens.listOrganizationTokens({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.delete(
    "/organization/:orgId/access-tokens/:id",
    {
      onRequest: authenticate,
      schema: {
        operationId: "revokeOrganizationAccessToken",
        tags: ["organizations"],
        summary: "Revoke a member's access token",
        description:
          "Revokes a personal access token of a member of the organization: it stops working at once. Needs `edit` on " +
          "`organization`. Only with a session's token: a personal access token cannot manage tokens (403).",
        security: bearerSecurity,
        params: organizationParamsSchema.extend({ id: accessTokenParamsSchema.shape.id.describe("The token's id") }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await accessTokens.revokeOrganizationToken({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        id: request.params.id,
        client: sessionClientOf(request),
      });
      return reply.status(204).send(null);
    },
  );
};
