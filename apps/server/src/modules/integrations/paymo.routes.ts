import { type PaymoTasksAnswer, paymoTasksAnswerSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer } from "../api-document/api-document.js";
import type { PaymoService } from "./paymo.service.js";

const tags = ["integrations"];

const paymoTasksExample: PaymoTasksAnswer = {
  projects: [
    { id: "1001", name: "Website relaunch" },
    { id: "1002", name: "Mobile app" },
  ],
  tasks: [
    {
      id: "5001",
      name: "Checkout page",
      project_id: "1001",
      description: "Cart and payment in one step",
      due_date: "2026-11-27",
      url: "https://app.paymoapp.com/#Paymo.Tasks/5001",
    },
    {
      id: "5004",
      name: "Sign-in with a passkey",
      project_id: "1002",
      description: "",
      due_date: null,
      url: "https://app.paymoapp.com/#Paymo.Tasks/5004",
    },
  ],
};

export const paymoRoutes: FastifyPluginAsyncZod<{ paymo: PaymoService; authenticate: Authenticate }> = async (
  app,
  { paymo, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/connect/paymo/tasks",
    {
      schema: {
        operationId: "listPaymoTasks",
        tags,
        summary: "List the person's Paymo projects and tasks",
        description:
          "The active projects of the signed-in person's Paymo account, by name, and their incomplete tasks, with the " +
          "person's own API key; ids as strings, the description as text, the due date as `YYYY-MM-DD` or null. Any " +
          "signed-in person, for themselves only. Paymo's failures: 409 `INTEGRATION_NOT_CONNECTED` (not connected) or " +
          "`INTEGRATION_NEEDS_RECONNECT` (Paymo refused the stored key, which is then marked to connect again), 503 " +
          "`UPSTREAM_RATE_LIMITED`, 502 `UPSTREAM_ERROR`, 504 `UPSTREAM_TIMEOUT`, each with a message that starts " +
          "`Paymo API: `.",
        security: bearerSecurity,
        response: {
          200: answer(paymoTasksAnswerSchema, "The active projects and their incomplete tasks", paymoTasksExample),
          ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504),
        },
      },
    },
    async (request) => paymo.listTasks({ actorId: actorIdOf(request) }),
  );
};
