import { updateUserInputSchema, userSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, withExample } from "../api-document/api-document.js";
import { updateUserInputExample, userExample } from "../api-document/examples.js";
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
        summary: "Change a user",
        description:
          "Changes what is sent (at least one field). On oneself: the language, preferences (merged with those " +
          "stored), and the answers to the terms of use, privacy policy and cookie banner; never one's own status " +
          "(403). On another member of the caller's organization: only `status`, with `edit` on `user`. Activating takes " +
          "a seat of the plan (403 when none is free); deactivating ends the user's sessions. A status change that would " +
          "leave no active member with every right on roles and users, or take those rights from the caller, is a 409.",
        security: bearerSecurity,
        params: z.object({ id: z.uuid().describe("The user's id: the caller, or another member for `status`") }),
        body: withExample(updateUserInputSchema, updateUserInputExample),
        response: {
          200: answer(userSchema, "The user as saved", {
            ...userExample,
            language: "en",
            preferences: { ...userExample.preferences, weekends: true, slotDuration: "00:15:00" },
          }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
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
