import { endSessionsQuerySchema, sessionListSchema, sessionParamsSchema } from "@timetrap/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Authenticate, bearerSecurity, signedInOf } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, describeFields, noContent } from "../api-document/api-document.js";
import { sessionsExample } from "../api-document/examples.js";
import { sessionClientOf } from "./session-client.js";
import type { SessionsService } from "./sessions.service.js";

const tags = ["auth"];

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
        summary: "Sign out",
        description:
          "Ends the session of the request's token at once. Only with a session's token: a personal access token is refused (403).",
        security: bearerSecurity,
        response: { 204: noContent("Signed out"), ...errorResponses(401, 403) },
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
        summary: "List one's sessions",
        description:
          "The signed-in person's live sessions, the latest sign-in first; `current` marks the one asking. " +
          "Only with a session's token: a personal access token is refused (403).",
        security: bearerSecurity,
        response: { 200: answer(sessionListSchema, "The sessions", sessionsExample), ...errorResponses(401, 403) },
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
        summary: "End a session",
        description:
          "Ends one of the signed-in person's sessions: its device is signed out. Another person's session is a 404. " +
          "Only with a session's token: a personal access token is refused (403).",
        security: bearerSecurity,
        params: describeFields(sessionParamsSchema, { id: "The session's id" }),
        response: { 204: noContent("The session ended"), ...errorResponses(400, 401, 403, 404) },
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
        summary: "End every other session",
        description:
          "Signs out of every other device; the asking session stays signed in. `others=true` is required, so that a " +
          "bare DELETE ends nothing by surprise. Only with a session's token: a personal access token is refused (403).",
        security: bearerSecurity,
        querystring: describeFields(endSessionsQuerySchema, { others: "Must be `true`: the other sessions are ended" }),
        response: { 204: noContent("The other sessions ended"), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await sessions.endOtherSessions({ ...signedInOf(request), ...auditContextOf(request) });
      return reply.status(204).send(null);
    },
  );
};
