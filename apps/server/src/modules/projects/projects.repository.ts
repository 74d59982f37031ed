import type { MemberTag, ProjectUpdateStatus } from "@timetrap/domain";
import { and, asc, count, desc, eq, exists, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/database.js";
import {
  customers,
  projectAreas,
  projectCategories,
  projectMembers,
  projects,
  users,
  workflowStatuses,
} from "../../db/schema.js";
import { createExpensesRepository } from "../expenses/expenses.repository.js";
import { createProjectUpdatesRepository } from "../project-updates/project-updates.repository.js";
import { createReportsRepository } from "../reports/reports.repository.js";

export type ProjectRow = typeof projects.$inferSelect;

/** The columns a project form writes. */
export type ProjectValues = Omit<typeof projects.$inferInsert, "id" | "organizationId" | "createdAt" | "updatedAt">;

interface PersonColumns {
  id: string;
  nominative: string;
  imageUrl: string | null;
}

/** A project with everything its answer shows, read in a handful of queries for any number of projects. */
export interface ProjectRecord {
  project: ProjectRow;
  customer: { id: string; nominative: string } | null;
  manager: PersonColumns | null;
  status: { id: string; key: string; name: string };
  category: { id: string; name: string; color: string } | null;
  area: { id: string; name: string } | null;
  members: Array<{ user: PersonColumns; tag: MemberTag }>;
  latestUpdate: { status: ProjectUpdateStatus; date: string; progress: number } | null;
  finalBalanceExpenses: number;
  /** Logged seconds and their cost in euro-seconds (the reports' aggregate). */
  workLog: { seconds: number; euroSeconds: number };
}

export interface ProjectSelection {
  /** Only these projects. */
  ids?: readonly string[];
  /** Only the projects this user manages or is a member of. */
  involving?: string;
  /** Leave the logged time out (its totals read 0), for a caller that adds it up itself. */
  withoutWorkLog?: boolean;
}

export type ProjectQueries = ReturnType<typeof projectQueries>;

export interface ProjectsRepository extends ProjectQueries {
  /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for other modules). */
  transaction<T>(work: (queries: ProjectQueries, tx: Database) => Promise<T>): Promise<T>;
  /** The queries on a transaction another module opened. */
  within(tx: Database): ProjectQueries;
}

export function createProjectsRepository(db: Database): ProjectsRepository {
  return {
    ...projectQueries(db),
    transaction: (work) => db.transaction((tx) => work(projectQueries(tx), tx)),
    within: (tx) => projectQueries(tx),
  };
}

const manager = alias(users, "manager");

function projectQueries(db: Database) {
  const inOrganization = (organizationId: string, id: string) =>
    and(eq(projects.organizationId, organizationId), eq(projects.id, id));

  /** Whether the user manages the project or holds any tag on it. */
  const involves = (userId: string) =>
    or(
      eq(projects.projectManagerId, userId),
      exists(
        db
          .select({ one: sql`1` })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId))),
      ),
    );

  async function membersOf(projectIds: string[]) {
    return db
      .select({
        projectId: projectMembers.projectId,
        tag: projectMembers.tag,
        user: { id: users.id, nominative: users.nominative, imageUrl: users.imageUrl },
      })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(inArray(projectMembers.projectId, projectIds))
      .orderBy(sql`lower(${users.nominative})`, asc(users.nominative), asc(users.id));
  }

  return {
    /** The organization's projects, newest first, with everything their answers show. */
    async findProjects(organizationId: string, selection: ProjectSelection = {}): Promise<ProjectRecord[]> {
      if (selection.ids && selection.ids.length === 0) return [];
      const conditions: (SQL | undefined)[] = [eq(projects.organizationId, organizationId)];
      if (selection.ids) conditions.push(inArray(projects.id, [...selection.ids]));
      if (selection.involving) conditions.push(involves(selection.involving));
      const rows = await db
        .select({
          project: projects,
          customer: { id: customers.id, nominative: customers.nominative },
          manager: { id: manager.id, nominative: manager.nominative, imageUrl: manager.imageUrl },
          status: { id: workflowStatuses.id, key: workflowStatuses.key, name: workflowStatuses.name },
          category: { id: projectCategories.id, name: projectCategories.name, color: projectCategories.color },
          area: { id: projectAreas.id, name: projectAreas.name },
        })
        .from(projects)
        .innerJoin(workflowStatuses, eq(workflowStatuses.id, projects.statusId))
        .leftJoin(customers, eq(customers.id, projects.customerId))
        .leftJoin(manager, eq(manager.id, projects.projectManagerId))
        .leftJoin(projectCategories, eq(projectCategories.id, projects.categoryId))
        .leftJoin(projectAreas, eq(projectAreas.id, projects.areaId))
        .where(and(...conditions))
        .orderBy(desc(projects.createdAt), desc(projects.id));
      if (rows.length === 0) return [];

      const ids = rows.map((row) => row.project.id);
      // One after the other: on a transaction the three share one connection, which runs one query at a time.
      // The newest update and the expense total are the updates' and expenses' own queries, so their rules hold here.
      const members = await membersOf(ids);
      const updates = await createProjectUpdatesRepository(db).latestByProjects(ids);
      const cents = await createExpensesRepository(db).sumFinalBalanceCents(organizationId, ids);
      const workLog = selection.withoutWorkLog
        ? new Map<string, { seconds: number; euroSeconds: number }>()
        : await createReportsRepository(db).projectWorkLog(organizationId, ids);
      const updateByProject = new Map(updates.map((u) => [u.projectId, u]));
      return rows.map((row) => {
        const update = updateByProject.get(row.project.id);
        return {
          ...row,
          members: members.filter((m) => m.projectId === row.project.id).map(({ user, tag }) => ({ user, tag })),
          latestUpdate: update ? { status: update.status, date: update.date, progress: update.progress } : null,
          finalBalanceExpenses: (cents.get(row.project.id) ?? 0) / 100,
          workLog: workLog.get(row.project.id) ?? { seconds: 0, euroSeconds: 0 },
        };
      });
    },

    /** Ids and titles only, for lists that name projects without showing them. */
    findProjectRefs(organizationId: string, projectIds: readonly string[]) {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: projects.id, title: projects.title })
        .from(projects)
        .where(and(eq(projects.organizationId, organizationId), inArray(projects.id, [...projectIds])));
    },

    /** The ids of the projects the user manages or is a member of. */
    async findIdsInvolving(organizationId: string, userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.organizationId, organizationId), involves(userId)));
      return rows.map((row) => row.id);
    },

    async findAllIds(organizationId: string): Promise<string[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.organizationId, organizationId));
      return rows.map((row) => row.id);
    },

    /** Holds the project's row until the transaction ends, so two edits of its members run one after the other. */
    async lockProject(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(inOrganization(organizationId, id))
        .for("update");
      return rows.length === 1;
    },

    async countProjects(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(projects)
        .where(eq(projects.organizationId, organizationId));
      return row?.total ?? 0;
    },

    async insert(organizationId: string, values: ProjectValues): Promise<ProjectRow> {
      const [row] = await db
        .insert(projects)
        .values({ ...values, organizationId })
        .returning();
      return row!;
    },

    async update(organizationId: string, id: string, values: ProjectValues): Promise<boolean> {
      const rows = await db
        .update(projects)
        .set(values)
        .where(inOrganization(organizationId, id))
        .returning({ id: projects.id });
      return rows.length === 1;
    },

    /** The project's people become exactly `members`. */
    async replaceMembers(projectId: string, members: ReadonlyArray<{ userId: string; tag: MemberTag }>) {
      await db.delete(projectMembers).where(eq(projectMembers.projectId, projectId));
      if (members.length > 0) {
        await db.insert(projectMembers).values(members.map((m) => ({ projectId, userId: m.userId, tag: m.tag })));
      }
    },

    /** Notes, links, updates, expenses, members and tasks go with it (cascading keys). */
    async delete(organizationId: string, id: string): Promise<boolean> {
      const rows = await db.delete(projects).where(inOrganization(organizationId, id)).returning({ id: projects.id });
      return rows.length === 1;
    },

    async customerExists(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)));
      return rows.length === 1;
    },

    async findStatusId(organizationId: string, by: { id: string } | { key: string }): Promise<string | undefined> {
      const [row] = await db
        .select({ id: workflowStatuses.id })
        .from(workflowStatuses)
        .where(
          and(
            eq(workflowStatuses.organizationId, organizationId),
            "id" in by ? eq(workflowStatuses.id, by.id) : eq(workflowStatuses.key, by.key),
          ),
        );
      return row?.id;
    },
  };
}
