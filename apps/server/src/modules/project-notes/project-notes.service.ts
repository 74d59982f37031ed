import type { Note, UserRef } from "@timetrap/domain";
import { notFound } from "../../http/app-error.js";
import type { Member, OrganizationsService } from "../organizations/organizations.service.js";
import type { ProjectsService } from "../projects/projects.service.js";
import type { ProjectNoteRow, ProjectNotesRepository } from "./project-notes.repository.js";

export type ProjectNotesService = ReturnType<typeof createProjectNotesService>;

function toUserRef(member: Member): UserRef {
  return { uid: member.userId, nominative: member.nominative, image_url: member.imageUrl };
}

function toNote(row: ProjectNoteRow, authors: ReadonlyMap<string, Member>): Note {
  const author = row.createdBy ? authors.get(row.createdBy) : undefined;
  return {
    uid: row.id,
    note: row.note,
    created_at: row.createdAt.getTime(),
    // Null once the author has left: the account deleted or no longer in the organization.
    created_by: author ? toUserRef(author) : null,
  };
}

interface ProjectScope {
  actorId: string;
  organizationId: string;
  projectId: string;
}

export function createProjectNotesService({
  repository,
  organizations,
  projects,
}: {
  repository: ProjectNotesRepository;
  organizations: OrganizationsService;
  projects: Pick<ProjectsService, "authorizeProject">;
}) {
  async function authorOf(organizationId: string, row: ProjectNoteRow): Promise<Map<string, Member>> {
    if (!row.createdBy) return new Map();
    const member = await organizations.findMember({ organizationId, userId: row.createdBy });
    return new Map(member ? [[member.userId, member]] : []);
  }

  return {
    /** Newest first, to whoever sees the project. */
    async listNotes({ actorId, organizationId, projectId }: ProjectScope): Promise<Note[]> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "read" });
      const [rows, members] = await Promise.all([
        repository.listByProject(projectId),
        organizations.listMembers({ organizationId }),
      ]);
      const authors = new Map(members.map((member) => [member.userId, member]));
      return rows.map((row) => toNote(row, authors));
    },

    async createNote({ actorId, organizationId, projectId, note }: ProjectScope & { note: string }): Promise<Note> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      const row = await repository.insert({ projectId, note, createdBy: actorId });
      return toNote(row, await authorOf(organizationId, row));
    },

    /** Changes the text; the note keeps its author and its time. */
    async updateNote({
      actorId,
      organizationId,
      projectId,
      noteId,
      note,
    }: ProjectScope & { noteId: string; note: string }): Promise<Note> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      const row = await repository.update(projectId, noteId, note);
      if (!row) throw notFound("Note");
      return toNote(row, await authorOf(organizationId, row));
    },

    async deleteNote({ actorId, organizationId, projectId, noteId }: ProjectScope & { noteId: string }): Promise<void> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      if (!(await repository.delete(projectId, noteId))) throw notFound("Note");
    },
  };
}
