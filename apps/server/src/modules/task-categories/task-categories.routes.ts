import { taskCategoryInputSchema, taskCategorySchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { TaskCategoriesService } from "./task-categories.service.js";

const tags = ["task categories"];
const organizationParams = z.object({ orgId: z.uuid() });
const categoryParams = z.object({ orgId: z.uuid(), id: z.uuid() });

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
        summary: "The organization's task categories by name (any member)",
        security: bearerSecurity,
        params: organizationParams,
        response: { 200: z.array(taskCategorySchema), ...errorResponses(400, 401, 404) },
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
        summary:
          "Add a task category; it is used for tasks and for planning unless told otherwise (needs edit on project)",
        security: bearerSecurity,
        params: organizationParams,
        body: taskCategoryInputSchema,
        response: { 201: taskCategorySchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Replace a task category's fields (needs edit on project)",
        security: bearerSecurity,
        params: categoryParams,
        body: taskCategoryInputSchema,
        response: { 200: taskCategorySchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Delete a task category; its tasks stay, without a category (needs edit on project)",
        security: bearerSecurity,
        params: categoryParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
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
