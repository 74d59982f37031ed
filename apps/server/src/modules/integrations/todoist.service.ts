import type { CompletionAnswer, TodoistTasksAnswer } from "@timetrap/domain";
import type { TodoistConnector } from "../../connectors/todoist.js";
import { AppError } from "../../http/app-error.js";
import type { IntegrationsService } from "./integrations.service.js";

export type TodoistService = ReturnType<typeof createTodoistService>;

/** The answers that are about the integration itself, not about the item: the panel sends the person to reconnect. */
const integrationCodes = new Set([
  "INTEGRATION_NOT_CONNECTED",
  "INTEGRATION_NEEDS_RECONNECT",
  "INTEGRATION_UNAVAILABLE",
]);

/**
 * A completion's answer (spec §7, decision 032): done is `{success: true}`; the service refusing or failing (the item
 * gone, a refusal, its rate limit, an error, no answer) is `{success: false, err}` in the service's words, which the
 * board shows as a toast. A missing or to-reconnect integration stays decision 029's 409.
 */
export async function completionAnswerOf(complete: () => Promise<void>): Promise<CompletionAnswer> {
  try {
    await complete();
    return { success: true, err: null };
  } catch (error) {
    if (error instanceof AppError && !integrationCodes.has(error.code)) return { success: false, err: error.message };
    throw error;
  }
}

/**
 * The Todoist calls of the side panel (decision 032), always for the signed-in person with their own token: another
 * person's tasks are never reachable, whatever their id.
 */
export function createTodoistService({
  integrations,
  todoist,
}: {
  integrations: Pick<IntegrationsService, "withAccessToken" | "deleteIntegration">;
  todoist: Pick<TodoistConnector, "listProjects" | "listTasks" | "closeTask">;
}) {
  const asPerson = <T>(userId: string, work: (accessToken: string) => Promise<T>) =>
    integrations.withAccessToken({ userId, service: "todoist" }, work);

  return {
    /** `GET connect/todoist/tasks`: every project and every active task, all pages followed. */
    async listTasks({ actorId }: { actorId: string }): Promise<TodoistTasksAnswer> {
      return asPerson(actorId, async (token) => {
        const [projects, tasks] = await Promise.all([todoist.listProjects(token), todoist.listTasks(token)]);
        return { projects, tasks };
      });
    },

    /** `POST connect/todoist/tasks/{id}/close`: closes the task in Todoist. */
    async closeTask({ actorId, taskId }: { actorId: string; taskId: string }): Promise<CompletionAnswer> {
      return completionAnswerOf(() => asPerson(actorId, (token) => todoist.closeTask(token, taskId)));
    },

    /** `DELETE connect/todoist`: the person's Todoist disconnected, its token revoked (best effort). */
    async disconnect({ actorId }: { actorId: string }): Promise<void> {
      await integrations.deleteIntegration({ actorId, userId: actorId, service: "todoist" });
    },
  };
}
