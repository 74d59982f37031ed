export const priorities = [10, 20, 30, 40, 50] as const;
export type Priority = (typeof priorities)[number];
export const defaultPriority: Priority = 30;

/** Translation keys and icon names of each priority (spec part 1 §3). */
export const priorityNames: Record<Priority, "lowest" | "low" | "medium" | "high" | "highest"> = {
  10: "lowest",
  20: "low",
  30: "medium",
  40: "high",
  50: "highest",
};

export function isPriority(value: number): value is Priority {
  return (priorities as readonly number[]).includes(value);
}

/** A to-do service's priority (1–4, or 1–5) becomes ours by multiplying by 10 (spec part 1 §3). */
export function priorityFromTodo(todoPriority: number): Priority {
  const scaled = Math.round(todoPriority) * 10;
  return isPriority(scaled) ? scaled : scaled < 10 ? 10 : 50;
}

export type OverdueColor = "red" | "yellow" | "green";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Colour of a due date (spec part 1 §4): more than one day overdue red, overdue by up to a day yellow, otherwise
 * green. Null without a due date.
 */
export function overdueColor(dueDate: number | null, now: number): OverdueColor | null {
  if (dueDate === null) return null;
  const overdue = now - dueDate;
  if (overdue > dayMs) return "red";
  if (overdue > 0) return "yellow";
  return "green";
}
