import { slugify, type WorkflowStatus, type WorkflowStatusInput } from "@timetrap/domain";
import { AppError, notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import { isStatusInUseError, type WorkflowStatusRow, type WorkflowsRepository } from "./workflows.repository.js";

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;

function toWorkflowStatus(row: WorkflowStatusRow): WorkflowStatus {
  return {
    uid: row.id,
    key: row.key,
    name: row.name,
    editable: row.editable,
    selected_by_default: row.selectedByDefault,
  };
}

/**
 * The key of a new status, from its name as the built-in ones are (`In review` → `in_review`), with a numeric
 * suffix when the organization already uses it (`in_review_2`). A name of punctuation only has no letters to use.
 */
function newStatusKey(name: string, taken: ReadonlySet<string>): string {
  const base = slugify(name).replaceAll("-", "_") || "status";
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}_${suffix}`)) suffix += 1;
  return `${base}_${suffix}`;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

const nameTaken = (name: string) => new AppError("CONFLICT", `A status named "${name}" already exists`);

function statusInUse(count: number): AppError {
  return new AppError("CONFLICT", `This status is used by ${count} ${count === 1 ? "project" : "projects"}`);
}

export function createWorkflowsService({
  repository,
  organizations,
}: {
  repository: WorkflowsRepository;
  organizations: OrganizationsService;
}) {
  return {
    /** In the organization's order; new statuses come last. */
    async listWorkflowStatuses({
      actorId,
      organizationId,
    }: {
      actorId: string;
      organizationId: string;
    }): Promise<WorkflowStatus[]> {
      await organizations.authorize({ actorId, organizationId, right: { action: "read", subject: "project" } });
      return (await repository.listByOrganization(organizationId)).map(toWorkflowStatus);
    },

    async createWorkflowStatus({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: WorkflowStatusInput;
    }): Promise<WorkflowStatus> {
      await organizations.authorize({ actorId, organizationId, right: { action: "create", subject: "project" } });
      return repository.transaction(async (repo) => {
        await repo.lockOrganizationStatuses(organizationId);
        const existing = await repo.listByOrganization(organizationId);
        const namesake = existing.find((status) => sameName(status.name, input.name));
        if (namesake) throw nameTaken(namesake.name);
        const row = await repo.insert({
          organizationId,
          name: input.name,
          key: newStatusKey(input.name, new Set(existing.map((status) => status.key))),
          position: Math.max(-1, ...existing.map((status) => status.position)) + 1,
        });
        return toWorkflowStatus(row);
      });
    },

    /** Renames a status; its key stays, as projects and webhooks may already refer to it. */
    async updateWorkflowStatus({
      actorId,
      organizationId,
      statusId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      statusId: string;
      input: WorkflowStatusInput;
    }): Promise<WorkflowStatus> {
      await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "project" } });
      return repository.transaction(async (repo) => {
        await repo.lockOrganizationStatuses(organizationId);
        const existing = await repo.listByOrganization(organizationId);
        const status = existing.find((candidate) => candidate.id === statusId);
        if (!status) throw notFound("Workflow status");
        if (status.name === input.name) return toWorkflowStatus(status);
        if (!status.editable) {
          throw new AppError("CONFLICT", `"${status.name}" is a built-in status and cannot be renamed`);
        }
        const namesake = existing.find((other) => other.id !== statusId && sameName(other.name, input.name));
        if (namesake) throw nameTaken(namesake.name);
        const row = await repo.rename(organizationId, statusId, input.name);
        if (!row) throw notFound("Workflow status");
        return toWorkflowStatus(row);
      });
    },

    /** Built-in statuses stay, and so does a status a project has. */
    async deleteWorkflowStatus({
      actorId,
      organizationId,
      statusId,
    }: {
      actorId: string;
      organizationId: string;
      statusId: string;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: { action: "delete", subject: "project" } });
      try {
        await repository.transaction(async (repo) => {
          // Locked, so a project moved to this status meanwhile waits for the delete instead of slipping past the count.
          const status = await repo.findById(organizationId, statusId, { lock: true });
          if (!status) throw notFound("Workflow status");
          if (!status.editable) {
            throw new AppError("CONFLICT", `"${status.name}" is a built-in status and cannot be deleted`);
          }
          const projects = await repo.countProjects(organizationId, statusId);
          if (projects > 0) throw statusInUse(projects);
          await repo.delete(organizationId, statusId);
        });
      } catch (error) {
        // The foreign key still refuses what the lock could not prevent; the answer is the same 409, never a 500.
        if (isStatusInUseError(error)) {
          throw statusInUse(Math.max(1, await repository.countProjects(organizationId, statusId)));
        }
        throw error;
      }
    },
  };
}
