import { z } from "zod";
import { someFieldRequired } from "./calendar-date.js";
import { colorSchema } from "./projects.js";

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

export const taskCategorySchema = z.object({
  uid: z.string(),
  name: z.string(),
  color: z.string(),
  is_used_for_tasks: z.boolean(),
  is_used_for_planning: z.boolean(),
});
export type TaskCategory = z.infer<typeof taskCategorySchema>;

export const taskCategoryInputSchema = z
  .object({
    name: z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(60),
    color: colorSchema,
    is_used_for_tasks: z.boolean().default(true),
    is_used_for_planning: z.boolean().default(true),
  })
  .strict();
export type TaskCategoryInput = z.infer<typeof taskCategoryInputSchema>;

const taskUserSchema = z.object({ uid: z.string(), nominative: z.string(), image_url: z.string().nullable() });

export const taskSchema = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Epoch milliseconds, or null. */
  due_date: z.number().nullable(),
  color: z.string().nullable(),
  complete: z.boolean(),
  user: taskUserSchema.nullable(),
  project: z
    .object({
      uid: z.string(),
      title: z.string(),
      category: z.object({ uid: z.string(), name: z.string(), color: z.string() }).nullable(),
      customer_nominative: z.string().nullable(),
    })
    .nullable(),
  organization_id: z.string(),
  parent_task: z.object({ uid: z.string(), name: z.string() }).nullable(),
  sub_tasks: z.array(
    z.object({ uid: z.string(), name: z.string(), complete: z.boolean(), user: taskUserSchema.nullable() }),
  ),
  priority: z.number(),
  category: z.object({ uid: z.string(), name: z.string(), color: z.string() }).nullable(),
  /** Hours logged on the task; 0 until time is logged. */
  total_work_time: z.number(),
  created_at: z.number(),
});
export type Task = z.infer<typeof taskSchema>;

/** 0001-01-01 and 9999-12-31 (UTC), the range a due date can take: beyond it the database cannot store the time. */
export const earliestDueDate = -62_135_596_800_000;
export const latestDueDate = 253_402_300_799_999;

const dueDateSchema = z
  .number({ message: "Due date must be a time in milliseconds" })
  .int("Due date must be a time in milliseconds")
  .min(earliestDueDate, "Due date must be between the years 1 and 9999")
  .max(latestDueDate, "Due date must be between the years 1 and 9999");

/** An id the task must have: missing, empty or not an id, each refused with `message`. */
const requiredId = (message: string) => z.uuid({ message });

/** The task form's payload (spec part 1 §3), camelCase as the spec writes it. */
export const taskInputSchema = z
  .object({
    name: z.string({ message: "Task name is required!" }).trim().min(1, "Task name is required!").max(500),
    description: z
      .string()
      .max(20_000)
      .nullish()
      .transform((v) => (v ? v : null)),
    dueDate: dueDateSchema.nullable().default(null),
    projectId: requiredId("Task project is required!"),
    userId: requiredId("Assignee is required!"),
    complete: z.boolean().default(false),
    priority: z
      .number()
      .refine((v) => isPriority(v), "Priority must be 10, 20, 30, 40 or 50")
      .meta({ enum: [...priorities] })
      .default(defaultPriority),
    categoryId: z
      .union([z.uuid(), z.literal(""), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    parentId: z
      .union([z.uuid(), z.literal(""), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type TaskInput = z.infer<typeof taskInputSchema>;
export type TaskInputFields = z.input<typeof taskInputSchema>;

export const taskUpdateSchema = /* @__PURE__ */ someFieldRequired(
  z
    .object({
      name: taskInputSchema.shape.name,
      description: taskInputSchema.shape.description,
      dueDate: dueDateSchema.nullable(),
      projectId: taskInputSchema.shape.projectId,
      userId: taskInputSchema.shape.userId,
      complete: z.boolean(),
      priority: z
        .number()
        .refine((v) => isPriority(v), "Priority must be 10, 20, 30, 40 or 50")
        .meta({ enum: [...priorities] }),
      categoryId: taskInputSchema.shape.categoryId,
      parentId: taskInputSchema.shape.parentId,
    })
    .partial()
    .strict(),
);
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

/**
 * Whether making `parentId` the parent of `taskId` would close a loop. `parentOf` answers each task's parent. A task
 * cannot be its own parent, nor the child of one of its own descendants.
 */
export function wouldCreateCycle(taskId: string, parentId: string, parentOf: (id: string) => string | null): boolean {
  const seen = new Set<string>();
  for (let current: string | null = parentId; current !== null; current = parentOf(current)) {
    if (current === taskId) return true;
    if (seen.has(current)) return true;
    seen.add(current);
  }
  return false;
}
