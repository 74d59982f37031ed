import { taskInputSchema, taskSchema, taskUpdateSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { taskExample, taskInputExample, taskUpdateExample } from "../api-document/examples.js";
import type { TasksService } from "./tasks.service.js";

const tags = ["tasks"];
const organizationParams = z.object({ orgId: organizationIdParam });
const taskParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The task's id") });
const taskFilters = z.object({
  project_id: z
    .uuid({ message: "project_id must be a project id" })
    .optional()
    .describe("Only the tasks of this project"),
  user_id: z.uuid({ message: "user_id must be a user id" }).optional().describe("Only the tasks assigned to this user"),
});

export const tasksRoutes: FastifyPluginAsyncZod<{
  tasks: TasksService;
  authenticate: Authenticate;
}> = async (app, { tasks, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/task",
    {
      schema: {
        operationId: "listTasks",
        tags,
        summary: "List tasks",
        description:
          "Tasks and subtasks of the projects the caller sees, and those assigned to the caller wherever they are, newest " +
          "first. `project_id` and `user_id` narrow them to one project and one assignee; a project out of sight has no " +
          "tasks here but the caller's own. Any member of the organization.",
        security: bearerSecurity,
        params: organizationParams,
        querystring: taskFilters,
        response: { 200: answer(z.array(taskSchema), "The tasks", [taskExample]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      tasks.listTasks({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.query.project_id,
        userId: request.query.user_id,
      }),
  );

  app.get(
    "/organization/:orgId/task/:id",
    {
      schema: {
        operationId: "getTask",
        tags,
        summary: "Get a task",
        description:
          "One task with its parent and subtasks. Its assignee, or whoever sees its project; any other task is a 404.",
        security: bearerSecurity,
        params: taskParams,
        response: { 200: answer(taskSchema, "The task", taskExample), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      tasks.getTask({ actorId: actorIdOf(request), organizationId: request.params.orgId, taskId: request.params.id }),
  );

  app.post(
    "/organization/:orgId/task",
    {
      schema: {
        operationId: "createTask",
        tags,
        summary: "Add a task",
        description:
          "Adds a task to a project the caller sees, assigned to an active user of the organization (another is a 400). " +
          "A subtask names its parent in `parentId`, a task of the same project (another is a 400). The category must be " +
          "the organization's. Left out, `priority` is 30 and `complete` false. Whoever sees the project: `read` on " +
          "`project`, or its manager or a member.",
        security: bearerSecurity,
        params: organizationParams,
        body: withExample(taskInputSchema, taskInputExample),
        response: { 201: answer(taskSchema, "The task added", taskExample), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const task = await tasks.createTask({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(task);
    },
  );

  app.patch(
    "/organization/:orgId/task/:id",
    {
      schema: {
        operationId: "updateTask",
        tags,
        summary: "Change a task",
        description:
          "Changes the fields sent (at least one). A task moved to another project (one the caller sees) takes its " +
          "subtasks along; a new parent must be of the same project and not the task itself or one of its subtasks (400); " +
          "a new assignee must be an active user. The task's assignee, or whoever may edit its project (`edit` on `project`, or its manager); a task the caller does not see is a 404.",
        security: bearerSecurity,
        params: taskParams,
        body: withExample(taskUpdateSchema, taskUpdateExample),
        response: {
          200: answer(taskSchema, "The task as saved", { ...taskExample, complete: true }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      tasks.updateTask({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        taskId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/task/:id",
    {
      schema: {
        operationId: "deleteTask",
        tags,
        summary: "Delete a task",
        description:
          "Deletes a task and its subtasks. The task's assignee, or whoever may edit its project (`edit` on `project`, or its manager); a task the caller does not see is a 404.",
        security: bearerSecurity,
        params: taskParams,
        response: { 204: noContent("The task was deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await tasks.deleteTask({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        taskId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );
};
