import type { AsanaNamed, AsanaTask, CompletionAnswer } from "@timetrap/domain";
import type { AsanaConnector } from "../../connectors/asana.js";
import { AppError } from "../../http/app-error.js";
import type { IntegrationsService } from "./integrations.service.js";
import { completionAnswerOf } from "./todoist.service.js";

export type AsanaService = ReturnType<typeof createAsanaService>;

/** `GET connect/asana/tasks`: a project's tasks, or the workspace's for "all projects". */
export type AsanaTasksQuery = { projectId?: string | undefined; workspaceId?: string | undefined };

/**
 * The Asana calls of the side panel (decision 032), always for the signed-in person with their own token: Asana
 * answers only what the person may see there, and an id of something else is its 404.
 */
export function createAsanaService({
  integrations,
  asana,
}: {
  integrations: Pick<IntegrationsService, "withAccessToken" | "deleteIntegration">;
  asana: Pick<AsanaConnector, "listWorkspaces" | "listProjects" | "listProjectTasks" | "listMyTasks" | "completeTask">;
}) {
  const asPerson = <T>(userId: string, work: (accessToken: string) => Promise<T>) =>
    integrations.withAccessToken({ userId, service: "asana" }, work);

  return {
    async listWorkspaces({ actorId }: { actorId: string }): Promise<{ workspaces: AsanaNamed[] }> {
      return { workspaces: await asPerson(actorId, (token) => asana.listWorkspaces(token)) };
    },

    async listProjects({
      actorId,
      workspaceId,
    }: {
      actorId: string;
      workspaceId: string;
    }): Promise<{ projects: AsanaNamed[] }> {
      return { projects: await asPerson(actorId, (token) => asana.listProjects(token, workspaceId)) };
    },

    /** A project's incomplete tasks, or with `workspaceId` the person's incomplete tasks in that workspace. */
    async listTasks({ actorId, query }: { actorId: string; query: AsanaTasksQuery }): Promise<{ tasks: AsanaTask[] }> {
      const { projectId, workspaceId } = query;
      if (projectId !== undefined) {
        return { tasks: await asPerson(actorId, (token) => asana.listProjectTasks(token, projectId)) };
      }
      if (workspaceId === undefined)
        throw new AppError("BAD_REQUEST", "Send projectId, or workspaceId for all projects");
      return { tasks: await asPerson(actorId, (token) => asana.listMyTasks(token, workspaceId)) };
    },

    /** `POST connect/asana/tasks/{id}`: completes the task in Asana. */
    async completeTask({ actorId, taskId }: { actorId: string; taskId: string }): Promise<CompletionAnswer> {
      return completionAnswerOf(() => asPerson(actorId, (token) => asana.completeTask(token, taskId)));
    },

    /** `DELETE connect/asana`: the person's Asana disconnected, its grant revoked (best effort). */
    async disconnect({ actorId }: { actorId: string }): Promise<void> {
      await integrations.deleteIntegration({ actorId, userId: actorId, service: "asana" });
    },
  };
}
