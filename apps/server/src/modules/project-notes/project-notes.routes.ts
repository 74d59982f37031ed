import { noteInputSchema, noteSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { ProjectNotesService } from "./project-notes.service.js";

const tags = ["projects"];
const projectParams = z.object({ orgId: z.uuid(), id: z.uuid() });
const noteParams = z.object({ orgId: z.uuid(), id: z.uuid(), noteId: z.uuid() });

export const projectNotesRoutes: FastifyPluginAsyncZod<{
  notes: ProjectNotesService;
  authenticate: Authenticate;
}> = async (app, { notes, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/project/:id/note",
    {
      schema: {
        operationId: "listProjectNotes",
        tags,
        summary: "A project's notes, newest first; the first is the brief note (whoever sees the project)",
        security: bearerSecurity,
        params: projectParams,
        response: { 200: z.array(noteSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      notes.listNotes({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
      }),
  );

  app.post(
    "/organization/:orgId/project/:id/note",
    {
      schema: {
        operationId: "createProjectNote",
        tags,
        summary: "Add a note to a project, written by the signed-in user (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: projectParams,
        body: noteInputSchema,
        response: { 201: noteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const note = await notes.createNote({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        note: request.body.note,
      });
      return reply.status(201).send(note);
    },
  );

  app.patch(
    "/organization/:orgId/project/:id/note/:noteId",
    {
      schema: {
        operationId: "updateProjectNote",
        tags,
        summary: "Change a note's text (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: noteParams,
        body: noteInputSchema,
        response: { 200: noteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      notes.updateNote({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        noteId: request.params.noteId,
        note: request.body.note,
      }),
  );

  app.delete(
    "/organization/:orgId/project/:id/note/:noteId",
    {
      schema: {
        operationId: "deleteProjectNote",
        tags,
        summary: "Delete a note (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: noteParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await notes.deleteNote({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        noteId: request.params.noteId,
      });
      return reply.status(204).send(null);
    },
  );
};
