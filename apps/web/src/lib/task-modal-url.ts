/**
 * Spec part 1 §2 "Task modal": the modal is opened by the address, from anywhere in the app. modal=task with a
 * taskId edits that task; without one it makes a new task, in the project a projectId names. These build and
 * read those parameters; the others of the page (organizationId, tab) stay as they are.
 */
const modalKeys = ["modal", "taskId", "projectId"] as const;

export type TaskModalTarget = { taskId: string } | { projectId?: string };

export function taskModalSearch(current: URLSearchParams, target: TaskModalTarget): string {
  const next = new URLSearchParams(current);
  for (const key of modalKeys) next.delete(key);
  next.set("modal", "task");
  if ("taskId" in target) next.set("taskId", target.taskId);
  else if (target.projectId) next.set("projectId", target.projectId);
  return `?${next.toString()}`;
}

export interface TaskModalParams {
  opened: boolean;
  taskId: string | null;
  projectId: string | null;
}

export function readTaskModal(search: URLSearchParams): TaskModalParams {
  return {
    opened: search.get("modal") === "task",
    taskId: search.get("taskId") || null,
    projectId: search.get("projectId") || null,
  };
}

/** Closing removes modal, taskId and projectId from the address, and nothing else. */
export function withoutTaskModal(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of modalKeys) next.delete(key);
  return next;
}
