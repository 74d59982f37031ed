import {
  can,
  canEditProject,
  canSeeProject,
  currentMarginability,
  type MemberTag,
  memberTags,
  type Project,
  type UserRef,
} from "@timetrap/domain";
import { forbidden, notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { ProjectRecord, ProjectsRepository } from "./projects.repository.js";

export type ProjectsService = ReturnType<typeof createProjectsService>;

/** What a caller needs the project for: seeing it, or changing it or what hangs from it. */
export type ProjectAccess = "read" | "edit";

/** Time logging does not exist yet: nothing is logged on any project. */
const totalWorkLog = 0;
const totalWorkLogCost = 0;

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
    total_work_log: totalWorkLog,
    total_work_log_cost: totalWorkLogCost,
    total_final_balance_expenses: record.finalBalanceExpenses,
    current_marginability: currentMarginability(project.budget, totalWorkLogCost, record.finalBalanceExpenses),
    created_at: project.createdAt.getTime(),
  };
}

export function createProjectsService({
  repository,
  organizations,
}: {
  repository: ProjectsRepository;
  organizations: OrganizationsService;
}) {
  /** One project of the organization as the domain shows it, or undefined. */
  async function findProject(organizationId: string, projectId: string): Promise<Project | undefined> {
    const [record] = await repository.findProjects(organizationId, { ids: [projectId] });
    return record ? toProject(record) : undefined;
  }

  /**
   * For every call about one project and what hangs from it: the project, after checking the actor is in the
   * organization (else 404 "Organization not found"), that the project is of it and the actor sees it (else 404
   * "Project not found", so a project out of sight reveals nothing) and, for `edit`, that `canEditProject` holds
   * (else 403).
   */
  async function authorizeProject({
    actorId,
    organizationId,
    projectId,
    access,
  }: {
    actorId: string;
    organizationId: string;
    projectId: string;
    access: ProjectAccess;
  }): Promise<Project> {
    const { role } = await organizations.authorize({ actorId, organizationId });
    const project = await findProject(organizationId, projectId);
    if (!project || !canSeeProject(role, actorId, project)) throw notFound("Project");
    if (access === "edit" && !canEditProject(role, actorId, project)) {
      throw forbidden("You need the right to edit project");
    }
    return project;
  }

  return {
    authorizeProject,

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
  };
}
