import { taskInputSchema, taskSchema, taskUpdateSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { TasksService } from "./tasks.service.js";

const tags = ["tasks"];
const organizationParams = z.object({ orgId: z.uuid() });
const taskParams = z.object({ orgId: z.uuid(), id: z.uuid() });
const taskFilters = z.object({
  project_id: z.uuid({ message: "project_id must be a project id" }).optional(),
  user_id: z.uuid({ message: "user_id must be a user id" }).optional(),
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
        summary:
          "Tasks and subtasks of the projects the user sees, newest first; project_id and user_id narrow them to one project and one assignee",
        security: bearerSecurity,
        params: organizationParams,
        querystring: taskFilters,
        response: { 200: z.array(taskSchema), ...errorResponses(400, 401, 404) },
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
        summary: "One task with its parent and subtasks (whoever sees its project)",
        security: bearerSecurity,
        params: taskParams,
        response: { 200: taskSchema, ...errorResponses(400, 401, 404) },
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
        summary:
          "Add a task to a project the user sees, assigned to an active user; a subtask names its parent, a task of the same project",
        security: bearerSecurity,
        params: organizationParams,
        body: taskInputSchema,
        response: { 201: taskSchema, ...errorResponses(400, 401, 404) },
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
        summary:
          "Change the fields sent; a task moved to another project takes its subtasks along (the assignee, or edit on project, or managing it)",
        security: bearerSecurity,
        params: taskParams,
        body: taskUpdateSchema,
        response: { 200: taskSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Delete a task and its subtasks (the assignee, or edit on project, or managing it)",
        security: bearerSecurity,
        params: taskParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
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
