import type { ProjectArea, ProjectAreaInput, ProjectCategory, ProjectCategoryInput } from "@timetrap/domain";
import type { Database } from "../../db/database.js";
import { notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type {
  ProjectAreaRow,
  ProjectCategoriesRepository,
  ProjectCategoryRow,
} from "./project-categories.repository.js";

export type ProjectCategoriesService = ReturnType<typeof createProjectCategoriesService>;

function toCategory(row: ProjectCategoryRow): ProjectCategory {
  return { uid: row.id, name: row.name, color: row.color };
}

function toArea(row: ProjectAreaRow): ProjectArea {
  return { uid: row.id, name: row.name };
}

// Decision 006: any member reads them (the project form and filters need them); edit on project writes them.
const writeRight = { action: "edit", subject: "project" } as const;

interface Scope {
  actorId: string;
  organizationId: string;
}

export function createProjectCategoriesService({
  repository,
  organizations,
}: {
  repository: ProjectCategoriesRepository;
  organizations: OrganizationsService;
}) {
  return {
    async listCategories({ actorId, organizationId }: Scope): Promise<ProjectCategory[]> {
      await organizations.authorize({ actorId, organizationId });
      return (await repository.listCategories(organizationId)).map(toCategory);
    },

    async createCategory({ actorId, organizationId, input }: Scope & { input: ProjectCategoryInput }) {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      return toCategory(await repository.insertCategory(organizationId, input));
    },

    /** Replaces every field, as the modal sends the whole category. */
    async updateCategory({
      actorId,
      organizationId,
      categoryId,
      input,
    }: Scope & { categoryId: string; input: ProjectCategoryInput }): Promise<ProjectCategory> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      const row = await repository.updateCategory(organizationId, categoryId, input);
      if (!row) throw notFound("Category");
      return toCategory(row);
    },

    /** Its projects stay, without a category. */
    async deleteCategory({ actorId, organizationId, categoryId }: Scope & { categoryId: string }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      if (!(await repository.deleteCategory(organizationId, categoryId))) throw notFound("Category");
    },

    async listAreas({ actorId, organizationId }: Scope): Promise<ProjectArea[]> {
      await organizations.authorize({ actorId, organizationId });
      return (await repository.listAreas(organizationId)).map(toArea);
    },

    async createArea({ actorId, organizationId, input }: Scope & { input: ProjectAreaInput }): Promise<ProjectArea> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      return toArea(await repository.insertArea(organizationId, input));
    },

    async updateArea({
      actorId,
      organizationId,
      areaId,
      input,
    }: Scope & { areaId: string; input: ProjectAreaInput }): Promise<ProjectArea> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      const row = await repository.updateArea(organizationId, areaId, input);
      if (!row) throw notFound("Area");
      return toArea(row);
    },

    /** Its projects stay, without an area. */
    async deleteArea({ actorId, organizationId, areaId }: Scope & { areaId: string }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      if (!(await repository.deleteArea(organizationId, areaId))) throw notFound("Area");
    },

    /** For the projects module: 404 "Category not found" unless the category is of the organization. */
    async requireCategory({
      organizationId,
      categoryId,
      tx,
    }: {
      organizationId: string;
      categoryId: string;
      tx?: Database;
    }): Promise<ProjectCategory> {
      const row = await repository.findCategory(organizationId, categoryId, tx);
      if (!row) throw notFound("Category");
      return toCategory(row);
    },

    /** For the projects module: 404 "Area not found" unless the area is of the organization. */
    async requireArea({
      organizationId,
      areaId,
      tx,
    }: {
      organizationId: string;
      areaId: string;
      tx?: Database;
    }): Promise<ProjectArea> {
      const row = await repository.findArea(organizationId, areaId, tx);
      if (!row) throw notFound("Area");
      return toArea(row);
    },
  };
}
