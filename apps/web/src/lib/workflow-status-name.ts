import { defaultWorkflowStatuses, type WorkflowStatus } from "@timetrap/domain";
import type { TFunction } from "i18next";

type BuiltInKey = (typeof defaultWorkflowStatuses)[number]["key"];

const builtInKeys: readonly string[] = defaultWorkflowStatuses.map((status) => status.key);

function isBuiltInKey(key: string): key is BuiltInKey {
  return builtInKeys.includes(key);
}

/**
 * Decision 005: the built-in statuses are shown in the reader's language by key; the ones an organization adds
 * keep the name it gave them.
 */
export function workflowStatusName(status: Pick<WorkflowStatus, "key" | "name">, t: TFunction): string {
  return isBuiltInKey(status.key) ? t(`workflows.statusNames.${status.key}`) : status.name;
}
