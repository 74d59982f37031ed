import type { Overhead, OverheadInput } from "@timetrap/domain";
import { notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { OverheadRow, OverheadsRepository, OverheadValues } from "./overheads.repository.js";

export type OverheadsService = ReturnType<typeof createOverheadsService>;

function toOverhead(row: OverheadRow): Overhead {
  return { uid: row.id, amount: row.amount, from_date: row.fromDate, to_date: row.toDate };
}

function toValues(input: OverheadInput): OverheadValues {
  return { amount: input.amount, fromDate: input.from_date, toDate: input.to_date };
}

// Overheads sit with the users in the menu and are costs of the people side of the organization.
const readRight = { action: "read", subject: "user" } as const;
const writeRight = { action: "edit", subject: "user" } as const;

export function createOverheadsService({
  repository,
  organizations,
}: {
  repository: OverheadsRepository;
  organizations: OrganizationsService;
}) {
  return {
    /** Newest period first. */
    async listOverheads({ actorId, organizationId }: { actorId: string; organizationId: string }): Promise<Overhead[]> {
      await organizations.authorize({ actorId, organizationId, right: readRight });
      return (await repository.listByOrganization(organizationId)).map(toOverhead);
    },

    async createOverhead({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: OverheadInput;
    }): Promise<Overhead> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      return toOverhead(await repository.insert(organizationId, toValues(input)));
    },

    /** Replaces the whole overhead, as the modal sends it. */
    async updateOverhead({
      actorId,
      organizationId,
      overheadId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      overheadId: string;
      input: OverheadInput;
    }): Promise<Overhead> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      const row = await repository.update(organizationId, overheadId, toValues(input));
      if (!row) throw notFound("Overhead");
      return toOverhead(row);
    },

    async deleteOverhead({
      actorId,
      organizationId,
      overheadId,
    }: {
      actorId: string;
      organizationId: string;
      overheadId: string;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: writeRight });
      if (!(await repository.delete(organizationId, overheadId))) throw notFound("Overhead");
    },
  };
}
