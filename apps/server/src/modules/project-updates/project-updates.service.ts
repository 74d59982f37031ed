import {
  type CalendarDate,
  type ProjectUpdate,
  type projectUpdateInputSchema,
  todayIn,
  withPreferenceDefaults,
} from "@timetrap/domain";
import type { z } from "zod";
import { notFound } from "../../http/app-error.js";
import type { ProjectsService } from "../projects/projects.service.js";
import type { UsersService } from "../users/users.service.js";
import type { ProjectUpdateRow, ProjectUpdatesRepository } from "./project-updates.repository.js";

export type ProjectUpdatesService = ReturnType<typeof createProjectUpdatesService>;
export type ProjectUpdateInput = z.infer<typeof projectUpdateInputSchema>;

function toProjectUpdate(row: ProjectUpdateRow): ProjectUpdate {
  return {
    update_id: row.id,
    status: row.status,
    data: { update: row.update, priorities: row.priorities, roadblocks: row.roadblocks },
    date: row.date,
    progress: row.progress,
  };
}

function toValues(input: ProjectUpdateInput) {
  return {
    status: input.status,
    update: input.update,
    priorities: input.priorities,
    roadblocks: input.roadblocks,
    progress: input.progress,
  };
}

interface ProjectScope {
  actorId: string;
  organizationId: string;
  projectId: string;
}

export function createProjectUpdatesService({
  repository,
  projects,
  users,
}: {
  repository: ProjectUpdatesRepository;
  projects: Pick<ProjectsService, "authorizeProject">;
  users: Pick<UsersService, "findAccountById">;
}) {
  /** Today where the writer is, from their preferences; else the server's day. */
  async function todayFor(userId: string): Promise<CalendarDate> {
    const account = await users.findAccountById({ userId });
    const { timeZone } = withPreferenceDefaults(account?.preferences ?? {});
    try {
      return todayIn(timeZone ?? undefined);
    } catch {
      // A time zone the runtime does not know: the preferences accept any text.
      return todayIn();
    }
  }

  return {
    /** Newest first (by date, then by when written), to whoever sees the project. */
    async listUpdates({ actorId, organizationId, projectId }: ProjectScope): Promise<ProjectUpdate[]> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "read" });
      return (await repository.listByProject(projectId)).map(toProjectUpdate);
    },

    /** Without a date, the update is about today. */
    async createUpdate({
      actorId,
      organizationId,
      projectId,
      input,
    }: ProjectScope & { input: ProjectUpdateInput }): Promise<ProjectUpdate> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      const date = input.date ?? (await todayFor(actorId));
      return toProjectUpdate(await repository.insert({ ...toValues(input), date, projectId, createdBy: actorId }));
    },

    /** Replaces the fields sent with the modal; without a date the update keeps its day. */
    async updateUpdate({
      actorId,
      organizationId,
      projectId,
      updateId,
      input,
    }: ProjectScope & { updateId: string; input: ProjectUpdateInput }): Promise<ProjectUpdate> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      const values = { ...toValues(input), ...(input.date === undefined ? {} : { date: input.date }) };
      const row = await repository.update(projectId, updateId, values);
      if (!row) throw notFound("Project update");
      return toProjectUpdate(row);
    },

    async deleteUpdate({
      actorId,
      organizationId,
      projectId,
      updateId,
    }: ProjectScope & { updateId: string }): Promise<void> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      if (!(await repository.delete(projectId, updateId))) throw notFound("Project update");
    },
  };
}
