import { updateUserInputSchema, userSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { UsersService } from "./users.service.js";

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; authenticate: Authenticate }> = async (
  app,
  { users, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.patch(
    "/user/:id",
    {
      schema: {
        operationId: "updateUser",
        tags: ["users"],
        summary:
          "Change one's own language, preferences, terms, privacy and cookie consent; or, with edit on user, another member's status",
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        body: updateUserInputSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      users.updateUser({
        actorId: actorIdOf(request),
        userId: request.params.id,
        input: request.body,
        client: sessionClientOf(request),
      }),
  );
};
