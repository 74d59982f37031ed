import {
  can,
  canEditProject,
  canSeeProject,
  currentMarginability,
  euros,
  isUnitBlocked,
  type MemberTag,
  memberTagFields,
  memberTags,
  type PlanConfigEntry,
  type Project,
  type ProjectInput,
  type UserRef,
} from "@timetrap/domain";
import { type Database, isForeignKeyViolation } from "../../db/database.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { Member, OrganizationsService } from "../organizations/organizations.service.js";
import type { ProjectCategoriesService } from "../project-categories/project-categories.service.js";
import type { ProjectFiguresEvents } from "../webhooks/project-alerts-trigger.js";
import type { ProjectQueries, ProjectRecord, ProjectsRepository, ProjectValues } from "./projects.repository.js";

export type ProjectsService = ReturnType<typeof createProjectsService>;

/** What the webhooks module does when a project changes (ProjectStatusChange's shape, kept here to keep imports one way). */
export interface ProjectEvents {
  projectStatusChanged(
    tx: Database,
    change: {
      organizationId: string;
      actorId: string;
      project: { uid: string; title: string };
      from: { uid: string; key: string; name: string };
      to: { uid: string; key: string; name: string };
    },
  ): Promise<unknown>;
  eventsCommitted(): void;
}

/** What a caller needs the project for: seeing it, or changing it or what hangs from it. */
export type ProjectAccess = "read" | "edit";

function toUserRef(person: { id: string; nominative: string; imageUrl: string | null }): UserRef {
  return { uid: person.id, nominative: person.nominative, image_url: person.imageUrl };
}

/**
 * The manager's key is cleared only if their user row is deleted, which no call does; such a project still
 * answers, with a manager nobody is.
 */
const noManager: UserRef = { uid: "", nominative: "", image_url: null };

export function toProject(record: ProjectRecord): Project {
  const { project, latestUpdate } = record;
  const workLogCost = euros(record.workLog.euroSeconds);
  const members = new Map<string, { user: UserRef; tags: MemberTag[] }>();
  for (const { user, tag } of record.members) {
    const entry = members.get(user.id) ?? { user: toUserRef(user), tags: [] };
    entry.tags.push(tag);
    members.set(user.id, entry);
  }
  for (const entry of members.values()) entry.tags.sort((a, b) => memberTags.indexOf(a) - memberTags.indexOf(b));
  return {
    uid: project.id,
    title: project.title,
    organization_id: project.organizationId,
    customer_id: project.customerId,
    customer: record.customer ? { uid: record.customer.id, nominative: record.customer.nominative } : null,
    project_manager: record.manager ? toUserRef(record.manager) : noManager,
    status: { uid: record.status.id, key: record.status.key, name: record.status.name },
    category: record.category
      ? { uid: record.category.id, name: record.category.name, color: record.category.color }
      : null,
    area: record.area ? { uid: record.area.id, name: record.area.name } : null,
    external_reference: project.externalReference,
    not_billable: project.notBillable,
    budget: project.budget,
    marginability_percentage: project.marginabilityPercentage,
    tolerance_days: project.toleranceDays,
    project_type: project.projectType,
    contact_name: project.contactName,
    contact_surname: project.contactSurname,
    contact_email: project.contactEmail,
    contact_role: project.contactRole,
    description: project.description,
    start_date: project.startDate,
    end_date: project.endDate,
    closing_date: project.closingDate,
    members: [...members.values()],
    latest_update: latestUpdate,
    progress: latestUpdate?.progress ?? 0,
    total_work_log: record.workLog.seconds,
    total_work_log_cost: workLogCost,
    total_final_balance_expenses: record.finalBalanceExpenses,
    current_marginability: currentMarginability(project.budget, workLogCost, record.finalBalanceExpenses),
    created_at: project.createdAt.getTime(),
  };
}

function projectLimitMessage(config: readonly PlanConfigEntry[]): string {
  const limit = config.find((entry) => entry.unitType === "PROJECT")?.tierLimit;
  if (typeof limit !== "number") return "Your plan does not include more projects. Upgrade the plan to add them";
  return `Your plan allows ${limit} project${limit === 1 ? "" : "s"}. Upgrade the plan to add more`;
}

/** What a key names when a write fails on it: something deleted between the checks and the write. */
const referenceOfConstraint: Record<string, string> = {
  projects_customer_fk: "Customer",
  projects_status_fk: "Status",
  projects_category_fk: "Category",
  projects_area_fk: "Area",
  projects_manager_fk: "Project manager",
  project_members_user_id_users_id_fk: "User",
};

/** The same 404 the checks give, for a reference that went away while the project was being written. */
async function withReferencesChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (const [constraint, what] of Object.entries(referenceOfConstraint)) {
      if (isForeignKeyViolation(error, constraint)) throw notFound(what);
    }
    throw error;
  }
}

function notActive(field: string, member: Member): AppError {
  const message = `${member.nominative} is not an active user of the organization`;
  return new AppError("VALIDATION_FAILED", message, [{ field: `body.${field}`, message }]);
}

/** One row per person and tag, from the form's lists. */
function memberRowsOf(input: ProjectInput): Array<{ userId: string; tag: MemberTag }> {
  return memberTags.flatMap((tag) => input[memberTagFields[tag]].map((userId) => ({ userId, tag })));
}

export function createProjectsService({
  repository,
  organizations,
  projectCategories,
  projectEvents,
  projectFiguresEvents,
}: {
  repository: ProjectsRepository;
  organizations: OrganizationsService;
  projectCategories: Pick<ProjectCategoriesService, "requireCategory" | "requireArea">;
  /** Told of a status change in its transaction (the webhooks' `project.status.change`), and after the commit. */
  projectEvents?: ProjectEvents;
  /** Told of a change of budget or target in its transaction (the project alerts' check). */
  projectFiguresEvents?: ProjectFiguresEvents;
}) {
  /** One project of the organization as the domain shows it, or undefined. */
  async function findProject(
    organizationId: string,
    projectId: string,
    { workLog = true }: { workLog?: boolean } = {},
  ): Promise<Project | undefined> {
    const [record] = await repository.findProjects(organizationId, { ids: [projectId], withoutWorkLog: !workLog });
    return record ? toProject(record) : undefined;
  }

  /**
   * The columns to write, after checking every reference is of the organization (404 naming it) and every person
   * is an active user of it (400 naming the field). On an edit, people already on the project in the same place
   * may stay even if they have been deactivated since: the form sends the whole project back as it was.
   */
  async function valuesOf(
    organizationId: string,
    input: ProjectInput,
    tx: Database,
    queries: ProjectQueries,
    before?: Project,
  ): Promise<ProjectValues> {
    if (!(await queries.customerExists(organizationId, input.customer_id))) throw notFound("Customer");
    const statusId = await queries.findStatusId(
      organizationId,
      input.status_id ? { id: input.status_id } : { key: "open" },
    );
    if (!statusId) throw notFound("Status");
    if (input.category_id)
      await projectCategories.requireCategory({ organizationId, categoryId: input.category_id, tx });
    if (input.area_id) await projectCategories.requireArea({ organizationId, areaId: input.area_id, tx });

    const members = new Map((await organizations.listMembers({ organizationId, tx })).map((m) => [m.userId, m]));
    const checkPerson = (userId: string, field: string, what: string, alreadyThere: boolean) => {
      const member = members.get(userId);
      if (!member) throw notFound(what);
      if (member.status !== "active" && !alreadyThere) throw notActive(field, member);
    };
    checkPerson(
      input.project_manager_id,
      "project_manager_id",
      "Project manager",
      before?.project_manager.uid === input.project_manager_id,
    );
    for (const tag of memberTags) {
      const field = memberTagFields[tag];
      for (const userId of input[field]) {
        const alreadyThere = !!before?.members.some((m) => m.user.uid === userId && m.tags.includes(tag));
        checkPerson(userId, field, "User", alreadyThere);
      }
    }

    return {
      title: input.title,
      customerId: input.customer_id,
      projectManagerId: input.project_manager_id,
      statusId,
      categoryId: input.category_id,
      areaId: input.area_id,
      externalReference: input.external_reference,
      notBillable: input.not_billable,
      budget: input.budget,
      marginabilityPercentage: input.marginability_percentage,
      toleranceDays: input.tolerance_days,
      projectType: input.project_type,
      contactName: input.contact_name,
      contactSurname: input.contact_surname,
      contactEmail: input.contact_email,
      contactRole: input.contact_role,
      description: input.description,
      startDate: input.start_date,
      endDate: input.end_date,
      closingDate: input.closing_date,
    };
  }

  async function requireProject(organizationId: string, projectId: string): Promise<Project> {
    const project = await findProject(organizationId, projectId);
    if (!project) throw notFound("Project");
    return project;
  }

  /**
   * For every call about one project and what hangs from it: the project, after checking the actor is in the
   * organization (else 404 "Organization not found"), that the project is of it and the actor sees it (else 404
   * "Project not found", so a project out of sight reveals nothing) and, for `edit`, that `canEditProject` holds
   * (else 403). `workLog: false` leaves the logged time out (its totals read 0) for a caller that adds it up itself.
   */
  async function authorizeProject({
    actorId,
    organizationId,
    projectId,
    access,
    workLog = true,
  }: {
    actorId: string;
    organizationId: string;
    projectId: string;
    access: ProjectAccess;
    workLog?: boolean;
  }): Promise<Project> {
    const { role } = await organizations.authorize({ actorId, organizationId });
    const project = await findProject(organizationId, projectId, { workLog });
    if (!project || !canSeeProject(role, actorId, project)) throw notFound("Project");
    if (access === "edit" && !canEditProject(role, actorId, project)) {
      throw forbidden("You need the right to edit project");
    }
    return project;
  }

  return {
    authorizeProject,

    /**
     * Projects of the organization by id, without a visibility check: for a caller that has already decided the actor
     * may see something in them (the tasks assigned to the actor). Ids of other organizations are left out.
     */
    async findProjectsByIds({
      organizationId,
      projectIds,
    }: {
      organizationId: string;
      projectIds: readonly string[];
    }): Promise<Project[]> {
      if (projectIds.length === 0) return [];
      const records = await repository.findProjects(organizationId, { ids: [...new Set(projectIds)] });
      return records.map(toProject);
    },

    /** Ids and titles of those of `projectIds` that are of the organization; the others are left out. */
    async findProjectRefs({
      organizationId,
      projectIds,
    }: {
      organizationId: string;
      projectIds: readonly string[];
    }): Promise<Array<{ uid: string; title: string }>> {
      const rows = await repository.findProjectRefs(organizationId, [...new Set(projectIds)]);
      return rows.map((row) => ({ uid: row.id, title: row.title }));
    },

    /**
     * The ids of the projects the actor sees: all of them with read on project, else those they manage or are a
     * member of. 404 when the actor is not in the organization.
     */
    async visibleProjectIds({
      actorId,
      organizationId,
    }: {
      actorId: string;
      organizationId: string;
    }): Promise<string[]> {
      const { role } = await organizations.authorize({ actorId, organizationId });
      return can(role, "read", "project")
        ? repository.findAllIds(organizationId)
        : repository.findIdsInvolving(organizationId, actorId);
    },

    /** Newest first; without read on project, only the projects the actor manages or is a member of. */
    async listProjects({ actorId, organizationId }: { actorId: string; organizationId: string }): Promise<Project[]> {
      const { role } = await organizations.authorize({ actorId, organizationId });
      const records = await repository.findProjects(
        organizationId,
        can(role, "read", "project") ? {} : { involving: actorId },
      );
      return records.map(toProject);
    },

    async getProject({
      actorId,
      organizationId,
      projectId,
    }: {
      actorId: string;
      organizationId: string;
      projectId: string;
    }): Promise<Project> {
      return authorizeProject({ actorId, organizationId, projectId, access: "read" });
    },
    /** Projects where the user is manager or member: the user themself, or anyone with read on project. */
    async listUserProjects({
      actorId,
      organizationId,
      userId,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
    }): Promise<Project[]> {
      const { role } = await organizations.authorize({ actorId, organizationId });
      await organizations.requireMember({ organizationId, userId });
      if (userId !== actorId && !can(role, "read", "project")) throw forbidden("You need the right to read project");
      return (await repository.findProjects(organizationId, { involving: userId })).map(toProject);
    },

    /** The organization's usage of the plan's PROJECT unit, as the project limit counts it. */
    async countProjects({ organizationId, tx }: { organizationId: string; tx?: Database }): Promise<number> {
      return (tx ? repository.within(tx) : repository).countProjects(organizationId);
    },

    /**
     * Needs create on project and a free PROJECT unit of the plan. The organization stays locked until the project
     * is saved, so two creations cannot both take the last unit.
     */
    async createProject({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: ProjectInput;
    }): Promise<Project> {
      const { organization } = await organizations.authorize({
        actorId,
        organizationId,
        right: { action: "create", subject: "project" },
      });
      const projectId = await withReferencesChecked(() =>
        organizations.withOrganizationLocked({ organizationId }, async (tx) => {
          const queries = repository.within(tx);
          const config = organization.plan.config;
          if (isUnitBlocked(config, "PROJECT", await queries.countProjects(organizationId))) {
            throw new AppError("PLAN_LIMIT_REACHED", projectLimitMessage(config));
          }
          const row = await queries.insert(organizationId, await valuesOf(organizationId, input, tx, queries));
          await queries.replaceMembers(row.id, memberRowsOf(input));
          return row.id;
        }),
      );
      return requireProject(organizationId, projectId);
    },

    /** Replaces every field and the members, as the modal sends the whole project (`canEditProject`). */
    async updateProject({
      actorId,
      organizationId,
      projectId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      projectId: string;
      input: ProjectInput;
    }): Promise<Project> {
      await authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      await withReferencesChecked(() =>
        repository.transaction(async (queries, tx) => {
          // Locked first, so two edits replace the members one after the other and the second one sees the first.
          if (!(await queries.lockProject(organizationId, projectId))) throw notFound("Project");
          const [record] = await queries.findProjects(organizationId, { ids: [projectId] });
          const before = toProject(record!);
          const values = await valuesOf(organizationId, input, tx, queries, before);
          await queries.update(organizationId, projectId, values);
          await queries.replaceMembers(projectId, memberRowsOf(input));
          if (projectEvents && values.statusId !== before.status.uid) {
            const [after] = await queries.findProjects(organizationId, { ids: [projectId], withoutWorkLog: true });
            await projectEvents.projectStatusChanged(tx, {
              organizationId,
              actorId,
              project: { uid: projectId, title: input.title },
              from: before.status,
              to: { uid: after!.status.id, key: after!.status.key, name: after!.status.name },
            });
          }
          if (values.budget !== before.budget || values.marginabilityPercentage !== before.marginability_percentage) {
            await projectFiguresEvents?.projectFiguresChanged(tx, { organizationId, projectIds: [projectId] });
          }
        }),
      );
      projectEvents?.eventsCommitted();
      projectFiguresEvents?.figuresCommitted();
      return requireProject(organizationId, projectId);
    },

    /** Needs delete on project; its tasks, expenses, notes, links, updates and members go with it. */
    async deleteProject({
      actorId,
      organizationId,
      projectId,
    }: {
      actorId: string;
      organizationId: string;
      projectId: string;
    }): Promise<void> {
      const { role } = await organizations.authorize({
        actorId,
        organizationId,
        right: { action: "delete", subject: "project" },
      });
      const project = await findProject(organizationId, projectId);
      if (!project || !canSeeProject(role, actorId, project)) throw notFound("Project");
      if (!(await repository.delete(organizationId, projectId))) throw notFound("Project");
    },
  };
}
