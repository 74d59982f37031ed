import { timeBlockingEventSchema, timerSchema, timerStartSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { TimersService } from "./timers.service.js";

const tags = ["timers"];
const userParams = z.object({ id: z.uuid() });

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
        summary: "The running timer with its event, or null (one's own, or another's with read on team)",
        security: bearerSecurity,
        params: userParams,
        response: { 200: timerSchema.nullable(), ...errorResponses(400, 401, 403, 404) },
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
        summary:
          "Start timing an activity that is not completed and starts today or earlier; 409 while another timer runs",
        security: bearerSecurity,
        params: userParams,
        body: timerStartSchema,
        response: { 201: timerSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: "Stop the timer: its seconds are added to the event, which is completed; answers the saved event",
        security: bearerSecurity,
        params: userParams,
        response: { 200: timeBlockingEventSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => timers.stopTimer({ actorId: actorIdOf(request), userId: request.params.id }),
  );
};
