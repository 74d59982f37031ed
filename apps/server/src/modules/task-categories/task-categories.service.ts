import type { TaskCategory, TaskCategoryInput } from "@timetrap/domain";
import { notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { TaskCategoriesRepository, TaskCategoryRow, TaskCategoryValues } from "./task-categories.repository.js";

export type TaskCategoriesService = ReturnType<typeof createTaskCategoriesService>;

function toTaskCategory(row: TaskCategoryRow): TaskCategory {
  return {
    uid: row.id,
    name: row.name,
    color: row.color,
    is_used_for_tasks: row.isUsedForTasks,
    is_used_for_planning: row.isUsedForPlanning,
  };
}

function toValues(input: TaskCategoryInput): TaskCategoryValues {
  return {
    name: input.name,
    color: input.color,
    isUsedForTasks: input.is_used_for_tasks,
    isUsedForPlanning: input.is_used_for_planning,
  };
}

// Task categories are set up beside the project categories (decision 006), so they take the same right.
const writeRight = { action: "edit", subject: "project" } as const;

export function createTaskCategoriesService({
  repository,
  organizations,
}: {
  repository: TaskCategoriesRepository;
  organizations: OrganizationsService;
}) {
  return {
    /** Any member reads them: everyone files their own tasks and events under them. Sorted by name. */
    async listTaskCategories({
      actorId,
      organizationId,
    }: {
      actorId: string;
      organizationId: string;
    }): Promise<TaskCategory[]> {
      await organizations.authorize({ actorId, organizationId });
      return (await repository.listByOrganization(organizationId)).map(toTaskCategory);
    },

    async createTaskCategory({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: TaskCategoryInput;
    }): Promise<TaskCategory> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      return toTaskCategory(await repository.insert(organizationId, toValues(input)));
    },

    /** Replaces every field, as the modal sends the whole category. */
    async updateTaskCategory({
      actorId,
      organizationId,
      categoryId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      categoryId: string;
      input: TaskCategoryInput;
    }): Promise<TaskCategory> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      const row = await repository.update(organizationId, categoryId, toValues(input));
      if (!row) throw notFound("Task category");
      return toTaskCategory(row);
    },

    /** Its tasks stay, without a category. */
    async deleteTaskCategory({
      actorId,
      organizationId,
      categoryId,
    }: {
      actorId: string;
      organizationId: string;
      categoryId: string;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      if (!(await repository.delete(organizationId, categoryId))) throw notFound("Task category");
    },

    /** For the tasks module: the category of `organizationId`, or 404 "Task category not found" (other organizations too). */
    async requireTaskCategory({
      organizationId,
      categoryId,
    }: {
      organizationId: string;
      categoryId: string;
    }): Promise<TaskCategory> {
      const row = await repository.findById(organizationId, categoryId);
      if (!row) throw notFound("Task category");
      return toTaskCategory(row);
    },

    /** For the tasks module: the organization's categories among `categoryIds`, by id. */
    async findTaskCategories({
      organizationId,
      categoryIds,
    }: {
      organizationId: string;
      categoryIds: readonly string[];
    }): Promise<Map<string, TaskCategory>> {
      const rows = await repository.findByIds(organizationId, [...new Set(categoryIds)]);
      return new Map(rows.map((row) => [row.id, toTaskCategory(row)]));
    },
  };
}
