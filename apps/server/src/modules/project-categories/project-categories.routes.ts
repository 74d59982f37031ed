import {
  projectAreaInputSchema,
  projectAreaSchema,
  projectCategoryInputSchema,
  projectCategorySchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import {
  projectAreaExample,
  projectAreaInputExample,
  projectCategoryExample,
  projectCategoryInputExample,
} from "../api-document/examples.js";
import type { ProjectCategoriesService } from "./project-categories.service.js";

const organizationParams = z.object({ orgId: organizationIdParam });
const categoryParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The project category's id") });
const areaParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The project area's id") });

export const projectCategoriesRoutes: FastifyPluginAsyncZod<{
  projectCategories: ProjectCategoriesService;
  authenticate: Authenticate;
}> = async (app, { projectCategories, authenticate }) => {
  app.addHook("onRequest", authenticate);

  const categoryTags = ["project categories"];

  app.get(
    "/organization/:orgId/project-category",
    {
      schema: {
        operationId: "listProjectCategories",
        tags: categoryTags,
        summary: "List project categories",
        description: "The organization's project categories, ordered by name. Any member of the organization.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(projectCategorySchema), "The project categories", [projectCategoryExample]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) =>
      projectCategories.listCategories({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/project-category",
    {
      schema: {
        operationId: "createProjectCategory",
        tags: categoryTags,
        summary: "Add a project category",
        description: "Adds a project category; the color is stored in lower case. Needs `edit` on `project`.",
        security: bearerSecurity,
        params: organizationParams,
        body: withExample(projectCategoryInputSchema, projectCategoryInputExample),
        response: {
          201: answer(projectCategorySchema, "The project category added", projectCategoryExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const category = await projectCategories.createCategory({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(category);
    },
  );

  app.patch(
    "/organization/:orgId/project-category/:id",
    {
      schema: {
        operationId: "updateProjectCategory",
        tags: categoryTags,
        summary: "Replace a project category",
        description: "Replaces the project category's name and color. Needs `edit` on `project`.",
        security: bearerSecurity,
        params: categoryParams,
        body: withExample(projectCategoryInputSchema, projectCategoryInputExample),
        response: {
          200: answer(projectCategorySchema, "The project category as saved", projectCategoryExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      projectCategories.updateCategory({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        categoryId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/project-category/:id",
    {
      schema: {
        operationId: "deleteProjectCategory",
        tags: categoryTags,
        summary: "Delete a project category",
        description: "Deletes a project category; its projects stay, without a category. Needs `edit` on `project`.",
        security: bearerSecurity,
        params: categoryParams,
        response: { 204: noContent("The project category was deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await projectCategories.deleteCategory({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        categoryId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );

  const areaTags = ["project areas"];

  app.get(
    "/organization/:orgId/project-area",
    {
      schema: {
        operationId: "listProjectAreas",
        tags: areaTags,
        summary: "List project areas",
        description: "The organization's project areas, ordered by name. Any member of the organization.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(projectAreaSchema), "The project areas", [projectAreaExample]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) =>
      projectCategories.listAreas({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/project-area",
    {
      schema: {
        operationId: "createProjectArea",
        tags: areaTags,
        summary: "Add a project area",
        description: "Adds a project area. Needs `edit` on `project`.",
        security: bearerSecurity,
        params: organizationParams,
        body: withExample(projectAreaInputSchema, projectAreaInputExample),
        response: {
          201: answer(projectAreaSchema, "The project area added", projectAreaExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const area = await projectCategories.createArea({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(area);
    },
  );

  app.patch(
    "/organization/:orgId/project-area/:id",
    {
      schema: {
        operationId: "updateProjectArea",
        tags: areaTags,
        summary: "Rename a project area",
        description: "Renames a project area. Needs `edit` on `project`.",
        security: bearerSecurity,
        params: areaParams,
        body: withExample(projectAreaInputSchema, projectAreaInputExample),
        response: {
          200: answer(projectAreaSchema, "The project area as saved", projectAreaExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      projectCategories.updateArea({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        areaId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/project-area/:id",
    {
      schema: {
        operationId: "deleteProjectArea",
        tags: areaTags,
        summary: "Delete a project area",
        description: "Deletes a project area; its projects stay, without an area. Needs `edit` on `project`.",
        security: bearerSecurity,
        params: areaParams,
        response: { 204: noContent("The project area was deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await projectCategories.deleteArea({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        areaId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );
};
