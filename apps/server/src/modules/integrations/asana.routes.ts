import {
  type AsanaNamed,
  type AsanaTask,
  asanaProjectsAnswerSchema,
  asanaProjectsQuerySchema,
  asanaTasksAnswerSchema,
  asanaTasksQuerySchema,
  asanaWorkspacesAnswerSchema,
  type CompletionAnswer,
  completionAnswerSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, describeFields, noContent } from "../api-document/api-document.js";
import type { AsanaService } from "./asana.service.js";
import { outsideIdMessage, outsideIdPattern, outsideIdSchema } from "./todoist.routes.js";

const tags = ["integrations"];

/** An Asana gid where the domain's queries take any text: never a path of its own at Asana. */
const gid = z.string().trim().regex(outsideIdPattern, outsideIdMessage);

const projectsQuery = describeFields(asanaProjectsQuerySchema.safeExtend({ workspaceId: gid }), {
  workspaceId: "The workspace's gid, one of the person's (`GET connect/asana/workspaces`)",
});

const tasksQuery = describeFields(
  asanaTasksQuerySchema.safeExtend({ projectId: gid.optional(), workspaceId: gid.optional() }),
  {
    projectId: "A project's gid: its incomplete tasks",
    workspaceId: "A workspace's gid instead, for all projects: the person's incomplete tasks in it",
  },
);

const taskParams = z.object({ id: outsideIdSchema.describe("The Asana task's gid") });

const studio: AsanaNamed = { gid: "1204567890123456", name: "Studio Rossi" };
const brand: AsanaNamed = { gid: "1204567890123470", name: "Brand" };

/** Giulia's task in the Brand project, due on 3 March. */
const asanaTaskExample: AsanaTask = {
  gid: "1204567890123501",
  name: "Design the logo",
  due_on: "2026-03-03",
  projects: [brand],
  html_notes: "<body>Three <strong>proposals</strong> for the client</body>",
  permalink_url: "https://app.asana.com/0/1204567890123470/1204567890123501",
};

const completedExample: CompletionAnswer = { success: true, err: null };

/** Decision 029's table as Asana's calls meet it. */
const failures =
  "Not connected: 409 `INTEGRATION_NOT_CONNECTED`; a grant Asana refuses even after a refresh: 409 " +
  "`INTEGRATION_NEEDS_RECONNECT`. A workspace, project or task the person cannot see in Asana: Asana's 404 (`NOT_FOUND`) " +
  "or 403; its rate limit through every retry (its Retry-After waited for): 503 `UPSTREAM_RATE_LIMITED`; its failure: " +
  "502 `UPSTREAM_ERROR`; no answer in time: 504 `UPSTREAM_TIMEOUT`; each message starts `Asana API: `. The signed-in " +
  "person's own Asana only.";

const upstreamErrors = errorResponses(400, 401, 403, 404, 409, 502, 503, 504);

export const asanaRoutes: FastifyPluginAsyncZod<{ asana: AsanaService; authenticate: Authenticate }> = async (
  app,
  { asana, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/connect/asana/workspaces",
    {
      schema: {
        operationId: "listAsanaWorkspaces",
        tags,
        summary: "List the person's Asana workspaces",
        description: `The workspaces of the signed-in person's Asana, every page. ${failures}`,
        security: bearerSecurity,
        response: {
          200: answer(asanaWorkspacesAnswerSchema, "The workspaces", { workspaces: [studio] }),
          ...upstreamErrors,
        },
      },
    },
    async (request) => asana.listWorkspaces({ actorId: actorIdOf(request) }),
  );

  app.get(
    "/connect/asana/projects",
    {
      schema: {
        operationId: "listAsanaProjects",
        tags,
        summary: "List the projects of an Asana workspace",
        description: `The workspace's projects that are not archived, every page. ${failures}`,
        security: bearerSecurity,
        querystring: projectsQuery,
        response: {
          200: answer(asanaProjectsAnswerSchema, "The projects", {
            projects: [brand, { gid: "1204567890123480", name: "Website" }],
          }),
          ...upstreamErrors,
        },
      },
    },
    async (request) => asana.listProjects({ actorId: actorIdOf(request), workspaceId: request.query.workspaceId }),
  );

  app.get(
    "/connect/asana/tasks",
    {
      schema: {
        operationId: "listAsanaTasks",
        tags,
        summary: "List Asana tasks",
        description:
          "A project's incomplete tasks (`projectId`), or the signed-in person's incomplete tasks in a workspace " +
          "whatever their project (`workspaceId`: the panel's all projects); one of the two, not both. Each task with " +
          `its due day, its projects, its notes (Asana's rich text) and its address in Asana. ${failures}`,
        security: bearerSecurity,
        querystring: tasksQuery,
        response: {
          200: answer(asanaTasksAnswerSchema, "The incomplete tasks", { tasks: [asanaTaskExample] }),
          ...upstreamErrors,
        },
      },
    },
    async (request) => asana.listTasks({ actorId: actorIdOf(request), query: request.query }),
  );

  app.post(
    "/connect/asana/tasks/:id",
    {
      schema: {
        operationId: "completeAsanaTask",
        tags,
        summary: "Complete an Asana task",
        description:
          "Marks the task completed in the signed-in person's Asana; no body. `{success: true}` when done; when Asana " +
          "refuses or fails (the task deleted meanwhile, its rate limit, an error, no answer) a 200 with " +
          "`{success: false, err}`, `err` starting `Asana API: `. Not connected, or to connect again: 409 " +
          "(`INTEGRATION_NOT_CONNECTED`, `INTEGRATION_NEEDS_RECONNECT`). The signed-in person's own Asana only.",
        security: bearerSecurity,
        params: taskParams,
        response: {
          200: answer(completionAnswerSchema, "Whether Asana completed it, and why not", completedExample),
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request) => asana.completeTask({ actorId: actorIdOf(request), taskId: request.params.id }),
  );

  app.delete(
    "/connect/asana",
    {
      schema: {
        operationId: "disconnectAsana",
        tags,
        summary: "Disconnect Asana",
        description:
          "Removes the signed-in person's Asana integration and its stored tokens, then revokes the grant with " +
          "Asana, best effort: the same as `DELETE /api/v1/user/{id}/integration/asana` for oneself. Not connected: 404.",
        security: bearerSecurity,
        response: { 204: noContent("Asana was disconnected"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await asana.disconnect({ actorId: actorIdOf(request) });
      return reply.status(204).send(null);
    },
  );
};
