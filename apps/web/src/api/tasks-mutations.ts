import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { type Task, type TaskInputFields, type TaskUpdate, taskSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";
import { useIntent } from "../lib/idempotency";
import { taskKeys } from "./tasks";

const taskPath = (organizationId: string, taskId?: string) =>
  `/organization/${encodeURIComponent(organizationId)}/task${taskId ? `/${encodeURIComponent(taskId)}` : ""}`;

/** The server fills what is left out with the schema's defaults: a subtask sends only name, assignee, project, parent. */
export function createTask({
  organizationId,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  data: TaskInputFields;
  idempotencyKey?: string;
}): Promise<Task> {
  return api.post(taskPath(organizationId), { body: data, schema: taskSchema, idempotencyKey });
}

export function updateTask({
  organizationId,
  taskId,
  data,
}: {
  organizationId: string;
  taskId: string;
  data: TaskUpdate;
}): Promise<Task> {
  return api.patch(taskPath(organizationId, taskId), { body: data, schema: taskSchema });
}

export function deleteTask({ organizationId, taskId }: { organizationId: string; taskId: string }): Promise<void> {
  return api.delete(taskPath(organizationId, taskId));
}

/**
 * Spec part 1 §4 "Tasks": after any add, update or delete the cached task lists, the projects' task lists and
 * the open tasks are asked again; all live under the tasks prefix. So a new subtask also refetches its parent.
 */
function refreshTasks(queryClient: QueryClient, organizationId: string) {
  return queryClient.invalidateQueries({ queryKey: taskKeys.all(organizationId) });
}

/** Each create is sent with the key of its intent (src/lib/idempotency.ts), which a success ends. */
export function useCreateTask(organizationId: string) {
  const queryClient = useQueryClient();
  const intent = useIntent();
  return useMutation({
    mutationFn: (data: TaskInputFields) =>
      createTask({ organizationId, data, idempotencyKey: intent.key([organizationId, data]) }),
    onSuccess: () => {
      intent.done();
      return refreshTasks(queryClient, organizationId);
    },
  });
}

export function useUpdateTask(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, data }: { taskId: string; data: TaskUpdate }) =>
      updateTask({ organizationId, taskId, data }),
    onSuccess: () => refreshTasks(queryClient, organizationId),
  });
}

export function useDeleteTask(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => deleteTask({ organizationId, taskId }),
    onSuccess: (_, taskId) => {
      // The deleted task (and its subtasks, deleted with it) must not be asked for again by an open view.
      queryClient.removeQueries({ queryKey: taskKeys.detail(organizationId, taskId) });
      return refreshTasks(queryClient, organizationId);
    },
  });
}
