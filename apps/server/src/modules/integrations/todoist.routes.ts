import {
  type CompletionAnswer,
  completionAnswerSchema,
  type TodoistTasksAnswer,
  todoistTasksAnswerSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent } from "../api-document/api-document.js";
import type { TodoistService } from "./todoist.service.js";

const tags = ["integrations"];

/** An item's id in an outside service: letters, digits, `-` and `_` (never a path of its own). */
export const outsideIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
export const outsideIdMessage = "Must be an id of letters, digits, - and _ (at most 64)";
export const outsideIdSchema = z.string().regex(outsideIdPattern, outsideIdMessage);

const taskParams = z.object({ id: outsideIdSchema.describe("The Todoist task's id (API v1's opaque id)") });

/** Giulia's Todoist: her Inbox and a client's project, a task due on 3 March and its subtask. */
const todoistTasksExample: TodoistTasksAnswer = {
  projects: [
    { id: "6Jf8VQXxpwv56VQ7", name: "Inbox" },
    { id: "6X7rfFVPjhvv84XG", name: "Rossi & figli" },
  ],
  tasks: [
    {
      id: "6X7rM8997g3RQmvh",
      content: "Prepare the offer",
      description: "Three options, prices with VAT",
      due: { date: "2026-03-03" },
      project_id: "6X7rfFVPjhvv84XG",
      url: "https://app.todoist.com/app/task/6X7rM8997g3RQmvh",
      completed: false,
      priority: 4,
      parent_description: null,
    },
    {
      id: "6X7rMfQ3p9hHwcGP",
      content: "Ask the printer for prices",
      description: "",
      due: null,
      project_id: "6X7rfFVPjhvv84XG",
      url: "https://app.todoist.com/app/task/6X7rMfQ3p9hHwcGP",
      completed: false,
      priority: 1,
      parent_description: "Prepare the offer",
    },
  ],
};

const closedExample: CompletionAnswer = { success: true, err: null };

/** Decision 029's table as Todoist's calls meet it. */
const failures =
  "Not connected: 409 `INTEGRATION_NOT_CONNECTED`; a token Todoist refuses: 409 `INTEGRATION_NEEDS_RECONNECT` (the " +
  "person connects again; Todoist's tokens are never refreshed). Todoist's rate limit through every retry (its " +
  "`error_extra.retry_after` waited for): 503 `UPSTREAM_RATE_LIMITED`; its failure: 502 `UPSTREAM_ERROR`; no answer in " +
  "time: 504 `UPSTREAM_TIMEOUT`; each message starts `Todoist API: `. The signed-in person's own Todoist only.";

export const todoistRoutes: FastifyPluginAsyncZod<{ todoist: TodoistService; authenticate: Authenticate }> = async (
  app,
  { todoist, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/connect/todoist/tasks",
    {
      schema: {
        operationId: "listTodoistTasks",
        tags,
        summary: "List the person's Todoist projects and tasks",
        description:
          "Every project and every active task of the signed-in person's Todoist, each listing's pages followed: a " +
          "task with its due day (`YYYY-MM-DD`), its Todoist priority (1 normal … 4 urgent), its address in Todoist and, " +
          `for a subtask, its parent's content. ${failures}`,
        security: bearerSecurity,
        response: {
          200: answer(todoistTasksAnswerSchema, "The projects and the active tasks", todoistTasksExample),
          ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504),
        },
      },
    },
    async (request) => todoist.listTasks({ actorId: actorIdOf(request) }),
  );

  app.post(
    "/connect/todoist/tasks/:id/close",
    {
      schema: {
        operationId: "closeTodoistTask",
        tags,
        summary: "Close a Todoist task",
        description:
          "Closes the task in the signed-in person's Todoist (a recurring one moves to its next date, as Todoist does); " +
          "no body. `{success: true}` when done; when Todoist refuses or fails (the task deleted meanwhile, its rate " +
          "limit, an error, no answer) a 200 with `{success: false, err}`, `err` starting `Todoist API: `. Not " +
          "connected, or to connect again: 409 (`INTEGRATION_NOT_CONNECTED`, `INTEGRATION_NEEDS_RECONNECT`). The " +
          "signed-in person's own Todoist only.",
        security: bearerSecurity,
        params: taskParams,
        response: {
          200: answer(completionAnswerSchema, "Whether Todoist closed it, and why not", closedExample),
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request) => todoist.closeTask({ actorId: actorIdOf(request), taskId: request.params.id }),
  );

  app.delete(
    "/connect/todoist",
    {
      schema: {
        operationId: "disconnectTodoist",
        tags,
        summary: "Disconnect Todoist",
        description:
          "Removes the signed-in person's Todoist integration and its stored token, then revokes the token with " +
          "Todoist, best effort: the same as `DELETE /api/v1/user/{id}/integration/todoist` for oneself. Not connected: 404.",
        security: bearerSecurity,
        response: { 204: noContent("Todoist was disconnected"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await todoist.disconnect({ actorId: actorIdOf(request) });
      return reply.status(204).send(null);
    },
  );
};
