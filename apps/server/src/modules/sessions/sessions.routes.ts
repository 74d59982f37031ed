import { endSessionsQuerySchema, sessionListSchema, sessionParamsSchema } from "@timetrap/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, bearerSecurity, signedInOf } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { sessionClientOf } from "./session-client.js";
import type { SessionsService } from "./sessions.service.js";

const tags = ["auth"];
const noContent = { 204: z.null().describe("No content") };

/** Where the request comes from and the organization its person belongs to, for the audit log. */
const auditContextOf = (request: FastifyRequest) => ({
  organizationId: request.account?.organizationId ?? null,
  client: sessionClientOf(request),
});

export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService; authenticate: Authenticate }> = async (
  app,
  { sessions, authenticate },
) => {
  app.post(
    "/auth/logout",
    {
      onRequest: authenticate,
      schema: {
        operationId: "signOut",
        tags,
        summary: "Sign out: ends the session of the request's token at once",
        security: bearerSecurity,
        response: { ...noContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = signedInOf(request);
      await sessions.endSession({ userId, id: sessionId, how: "sign_out", ...auditContextOf(request) });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/auth/sessions",
    {
      onRequest: authenticate,
      schema: {
        operationId: "listSessions",
        tags,
        summary: "The signed-in person's live sessions, newest sign-in first; `current` marks the asking one",
        security: bearerSecurity,
        response: { 200: sessionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => sessions.listSessions(signedInOf(request)),
  );

  app.delete(
    "/auth/sessions/:id",
    {
      onRequest: authenticate,
      schema: {
        operationId: "endSession",
        tags,
        summary: "End one of the signed-in person's sessions (another person's session id is not found)",
        security: bearerSecurity,
        params: sessionParamsSchema,
        response: { ...noContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = signedInOf(request);
      await sessions.endSession({ userId, id: request.params.id, how: "session.ended", ...auditContextOf(request) });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/auth/sessions",
    {
      onRequest: authenticate,
      schema: {
        operationId: "endOtherSessions",
        tags,
        summary: "With others=true: sign out of every other device; the asking session stays signed in",
        security: bearerSecurity,
        querystring: endSessionsQuerySchema,
        response: { ...noContent, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await sessions.endOtherSessions({ ...signedInOf(request), ...auditContextOf(request) });
      return reply.status(204).send(null);
    },
  );
};
