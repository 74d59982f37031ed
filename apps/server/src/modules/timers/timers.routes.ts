import { timeBlockingEventSchema, timerSchema, timerStartSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, withExample } from "../api-document/api-document.js";
import { stoppedTimerEventExample, timerExample, timerStartExample } from "../api-document/examples.js";
import type { TimersService } from "./timers.service.js";

const tags = ["timers"];
const userParams = z.object({ id: z.uuid().describe("The id of the user whose timer it is") });

export const timersRoutes: FastifyPluginAsyncZod<{ timers: TimersService; authenticate: Authenticate }> = async (
  app,
  { timers, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/user/:id/timer",
    {
      schema: {
        operationId: "getTimer",
        tags,
        summary: "Get the running timer",
        description:
          "The running timer with its event, or null when none runs. One's own board, or another member's with `read` on `team` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: userParams,
        response: {
          200: answer(timerSchema.nullable(), "The running timer, or null", timerExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => timers.getTimer({ actorId: actorIdOf(request), userId: request.params.id }),
  );

  app.post(
    "/user/:id/timer",
    {
      schema: {
        operationId: "startTimer",
        tags,
        summary: "Start a timer",
        description:
          "Starts timing one of the owner's activities. A planning block, a completed activity or one that starts after " +
          "today in the owner's time zone is a 409, as is a second timer while one runs. `start_time` may not be more " +
          "than a minute ahead of the server's clock (400). One's own board (once in an organization), or another member's with `edit` on `team` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: userParams,
        body: withExample(timerStartSchema, timerStartExample),
        response: {
          201: answer(timerSchema, "The timer started", timerExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const timer = await timers.startTimer({
        actorId: actorIdOf(request),
        userId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(timer);
    },
  );

  app.delete(
    "/user/:id/timer",
    {
      schema: {
        operationId: "stopTimer",
        tags,
        summary: "Stop the timer",
        description:
          "Stops the running timer: the seconds since it started are added to its event's `elapsed_time`, and the event " +
          "is completed. Answers the saved event; a 404 when no timer runs. One's own board (once in an organization), or another member's with `edit` on `team` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: userParams,
        response: {
          200: answer(timeBlockingEventSchema, "The event with the time logged", stoppedTimerEventExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => timers.stopTimer({ actorId: actorIdOf(request), userId: request.params.id }),
  );
};
