import { noteInputSchema, noteSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { noteExample, noteInputExample } from "../api-document/examples.js";
import type { ProjectNotesService } from "./project-notes.service.js";

const tags = ["projects"];
const projectParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The project's id") });
const noteParams = projectParams.extend({ noteId: z.uuid().describe("The note's id") });
const noteBody = withExample(noteInputSchema, noteInputExample);

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
        summary: "List a project's notes",
        description:
          "The project's notes, newest first, each with its author; the first is the brief note the project's details " +
          "show. Whoever sees the project: `read` on `project`, or its manager or a member; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        response: { 200: answer(z.array(noteSchema), "The notes", [noteExample]), ...errorResponses(400, 401, 404) },
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
        summary: "Add a note",
        description:
          "Adds a note to the project, written by the caller; an empty note is allowed. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        body: noteBody,
        response: { 201: answer(noteSchema, "The note added", noteExample), ...errorResponses(400, 401, 403, 404) },
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
        summary: "Change a note",
        description:
          "Changes the note's text; it keeps its author and time. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: noteParams,
        body: noteBody,
        response: { 200: answer(noteSchema, "The note as saved", noteExample), ...errorResponses(400, 401, 403, 404) },
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
        summary: "Delete a note",
        description:
          "Deletes a note of the project. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: noteParams,
        response: { 204: noContent("The note was deleted"), ...errorResponses(400, 401, 403, 404) },
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
