import { taskCategoryInputSchema, taskCategorySchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { taskCategoryExample, taskCategoryInputExample } from "../api-document/examples.js";
import type { TaskCategoriesService } from "./task-categories.service.js";

const tags = ["task categories"];
const organizationParams = z.object({ orgId: organizationIdParam });
const categoryParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The task category's id") });
const categoryBody = withExample(taskCategoryInputSchema, taskCategoryInputExample);

export const taskCategoriesRoutes: FastifyPluginAsyncZod<{
  taskCategories: TaskCategoriesService;
  authenticate: Authenticate;
}> = async (app, { taskCategories, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/task-category",
    {
      schema: {
        operationId: "listTaskCategories",
        tags,
        summary: "List task categories",
        description: "The organization's task categories, ordered by name. Any member of the organization.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(taskCategorySchema), "The task categories", [taskCategoryExample]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) =>
      taskCategories.listTaskCategories({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/task-category",
    {
      schema: {
        operationId: "createTaskCategory",
        tags,
        summary: "Add a task category",
        description:
          "Adds a task category. `is_used_for_tasks` offers it for tasks and activities, `is_used_for_planning` for " +
          "planning blocks; both are true when left out. The color is stored in lower case. Needs `edit` on `project`.",
        security: bearerSecurity,
        params: organizationParams,
        body: categoryBody,
        response: {
          201: answer(taskCategorySchema, "The task category added", taskCategoryExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const category = await taskCategories.createTaskCategory({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(category);
    },
  );

  app.patch(
    "/organization/:orgId/task-category/:id",
    {
      schema: {
        operationId: "updateTaskCategory",
        tags,
        summary: "Replace a task category",
        description:
          "Replaces every field of the task category with those sent (a flag left out becomes true). Needs `edit` on " +
          "`project`.",
        security: bearerSecurity,
        params: categoryParams,
        body: categoryBody,
        response: {
          200: answer(taskCategorySchema, "The task category as saved", taskCategoryExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      taskCategories.updateTaskCategory({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        categoryId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/task-category/:id",
    {
      schema: {
        operationId: "deleteTaskCategory",
        tags,
        summary: "Delete a task category",
        description:
          "Deletes a task category; its tasks and events stay, without a category. Needs `edit` on `project`.",
        security: bearerSecurity,
        params: categoryParams,
        response: { 204: noContent("The task category was deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await taskCategories.deleteTaskCategory({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        categoryId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );
};
