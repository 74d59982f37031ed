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
import type { ProjectCategoriesService } from "./project-categories.service.js";

const organizationParams = z.object({ orgId: z.uuid() });
const itemParams = z.object({ orgId: z.uuid(), id: z.uuid() });
const deleted = z.null().describe("Deleted");

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
        summary: "The organization's project categories by name (any member)",
        security: bearerSecurity,
        params: organizationParams,
        response: { 200: z.array(projectCategorySchema), ...errorResponses(400, 401, 404) },
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
        summary: "Add a project category (needs edit on project)",
        security: bearerSecurity,
        params: organizationParams,
        body: projectCategoryInputSchema,
        response: { 201: projectCategorySchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Replace a project category's name and color (needs edit on project)",
        security: bearerSecurity,
        params: itemParams,
        body: projectCategoryInputSchema,
        response: { 200: projectCategorySchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Delete a project category; its projects stay, without a category (needs edit on project)",
        security: bearerSecurity,
        params: itemParams,
        response: { 204: deleted, ...errorResponses(400, 401, 403, 404) },
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
        summary: "The organization's project areas by name (any member)",
        security: bearerSecurity,
        params: organizationParams,
        response: { 200: z.array(projectAreaSchema), ...errorResponses(400, 401, 404) },
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
        summary: "Add a project area (needs edit on project)",
        security: bearerSecurity,
        params: organizationParams,
        body: projectAreaInputSchema,
        response: { 201: projectAreaSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Rename a project area (needs edit on project)",
        security: bearerSecurity,
        params: itemParams,
        body: projectAreaInputSchema,
        response: { 200: projectAreaSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Delete a project area; its projects stay, without an area (needs edit on project)",
        security: bearerSecurity,
        params: itemParams,
        response: { 204: deleted, ...errorResponses(400, 401, 403, 404) },
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
