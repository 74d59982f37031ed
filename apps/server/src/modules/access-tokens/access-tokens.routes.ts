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
import { sessionClientOf } from "../sessions/session-client.js";
import type { AccessTokensService } from "./access-tokens.service.js";

const tags = ["auth"];
const noContent = { 204: z.null().describe("No content") };
const organizationParamsSchema = z.object({ orgId: z.uuid({ message: "Organization id must be a UUID" }) });

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
        summary: "The signed-in person's personal access tokens, newest first, without the tokens themselves",
        security: bearerSecurity,
        response: { 200: accessTokenListSchema, ...errorResponses(401, 403) },
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
        summary: "Make a personal access token; the answer carries the token, shown this once",
        description:
          "The token acts as its person with their role, never more; a `read` token may only read. Send it as " +
          "`Authorization: Bearer tt_pat_…`. A person holds at most 50 (409 past that); in an organization that " +
          "requires two-factor sign-in, only a person with a second factor may make one (403).",
        security: bearerSecurity,
        body: createAccessTokenSchema,
        response: { 201: createdAccessTokenSchema, ...errorResponses(400, 401, 403, 409) },
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
        summary: "Revoke one of the signed-in person's tokens: it stops working at once",
        security: bearerSecurity,
        params: accessTokenParamsSchema,
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
        tags: ["organization"],
        summary: "Every personal access token of the organization's members, with whose it is (edit organization)",
        security: bearerSecurity,
        params: organizationParamsSchema,
        response: { 200: organizationAccessTokenListSchema, ...errorResponses(400, 401, 403, 404) },
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
        tags: ["organization"],
        summary: "Revoke a member's personal access token (edit organization): it stops working at once",
        security: bearerSecurity,
        params: organizationParamsSchema.extend(accessTokenParamsSchema.shape),
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
