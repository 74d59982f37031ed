import {
  foldForSearch,
  type Project,
  type ProjectFilter,
  projectCsvHeader,
  projectCsvRow,
  toCsv,
} from "@timetrap/domain";

/** The columns of the all-projects table (spec part 2 §2), in their order. */
export const projectColumns = [
  "title",
  "customer",
  "externalReference",
  "projectManager",
  "status",
  "area",
  "category",
  "budget",
  "currentMarginability",
  "progress",
] as const;
export type ProjectColumn = (typeof projectColumns)[number];

/** The filters under the headers: text for the free-text columns, a pick of values for the others. */
export interface ColumnFilters {
  title: string;
  externalReference: string;
  customer: string[];
  projectManager: string[];
  status: string[];
  category: string[];
  area: string[];
}
export type TextColumn = "title" | "externalReference";
export type PickColumn = "customer" | "projectManager" | "status" | "category" | "area";

export const noColumnFilters: ColumnFilters = {
  title: "",
  externalReference: "",
  customer: [],
  projectManager: [],
  status: [],
  category: [],
  area: [],
};

/** The id a pick column filters on; the customer, category and area a project may lack never match a pick. */
export function pickedId(project: Project, column: PickColumn): string | null {
  switch (column) {
    case "customer":
      return project.customer?.uid ?? null;
    case "projectManager":
      return project.project_manager.uid;
    case "status":
      return project.status.uid;
    case "category":
      return project.category?.uid ?? null;
    case "area":
      return project.area?.uid ?? null;
  }
}

const textOf = (project: Project, column: TextColumn) =>
  column === "title" ? project.title : (project.external_reference ?? "");

export function matchesColumnFilters(project: Project, filters: ColumnFilters): boolean {
  const texts: TextColumn[] = ["title", "externalReference"];
  const picks: PickColumn[] = ["customer", "projectManager", "status", "category", "area"];
  return (
    texts.every((column) => {
      const wanted = foldForSearch(filters[column].trim());
      return !wanted || foldForSearch(textOf(project, column)).includes(wanted);
    }) &&
    picks.every((column) => {
      const wanted = filters[column];
      if (wanted.length === 0) return true;
      const id = pickedId(project, column);
      return id !== null && wanted.includes(id);
    })
  );
}

export function hasColumnFilters(filters: ColumnFilters): boolean {
  return (
    filters.title.trim() !== "" ||
    filters.externalReference.trim() !== "" ||
    filters.customer.length > 0 ||
    filters.projectManager.length > 0 ||
    filters.status.length > 0 ||
    filters.category.length > 0 ||
    filters.area.length > 0
  );
}

/** How many values of the filter modal are set, for its button's label. */
export function countProjectFilter(filter: ProjectFilter): number {
  const set = (value: number | null | undefined) => value !== undefined && value !== null;
  return [
    !!filter.projectTitle?.trim(),
    !!filter.customerName?.length,
    !!filter.referenceQuote?.trim(),
    !!filter.projectLeader?.length,
    !!filter.status?.length,
    !!filter.projectCategory?.length,
    !!filter.projectType?.length,
    // A budget or marginability of exactly 0 is a value to match, not an empty field.
    set(filter.budget),
    set(filter.marginality),
  ].filter(Boolean).length;
}

/** The value a column sorts by. */
export function sortValue(
  project: Project,
  column: ProjectColumn,
  statusName: (project: Project) => string,
): string | number | null {
  switch (column) {
    case "title":
      return project.title;
    case "customer":
      return project.customer?.nominative ?? null;
    case "externalReference":
      return project.external_reference;
    case "projectManager":
      return project.project_manager.nominative;
    case "status":
      return statusName(project);
    case "area":
      return project.area?.name ?? null;
    case "category":
      return project.category?.name ?? null;
    case "budget":
      return project.budget;
    case "currentMarginability":
      return project.current_marginability;
    case "progress":
      return project.progress;
  }
}

/** The CSV of the rows shown, in the order shown (spec part 2 §2: `;`, with a byte-order mark). */
export function projectsCsv(projects: readonly Project[]): string {
  return toCsv(projectCsvHeader, projects.map(projectCsvRow));
}
