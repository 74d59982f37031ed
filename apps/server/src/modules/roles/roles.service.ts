import type { Role, RoleInput, RoleUpdate } from "@timetrap/domain";
import type { Database } from "../../db/database.js";
import { AppError, notFound } from "../../http/app-error.js";
import type { AuditService } from "../audit/audit.service.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { RoleQueries, RoleRow, RolesRepository } from "./roles.repository.js";

export type RolesService = ReturnType<typeof createRolesService>;

function toRole(row: RoleRow): Role {
  return { uid: row.id, name: row.name, acls: row.acls };
}

const nameTaken = (name: string) => new AppError("CONFLICT", `A role named "${name}" already exists`);

export function createRolesService({
  repository,
  organizations,
  audit,
}: {
  repository: RolesRepository;
  organizations: OrganizationsService;
  audit: AuditService;
}) {
  const on = (tx: Database | undefined): RoleQueries => (tx ? repository.within(tx) : repository);

  async function assertNameFree(queries: RoleQueries, organizationId: string, name: string, exceptId?: string) {
    const holder = await queries.findRoleNamed(organizationId, name, exceptId);
    if (holder) throw nameTaken(holder.name);
  }

  return {
    /** A role of `organizationId`; a role of another organization is 404 "Role not found", like an unknown one. */
    async requireRole({
      organizationId,
      roleId,
      tx,
    }: {
      organizationId: string;
      roleId: string;
      tx?: Database;
    }): Promise<Role> {
      const row = await on(tx).findRole(organizationId, roleId);
      if (!row) throw notFound("Role");
      return toRole(row);
    },

    async listRoles({ actorId, organizationId }: { actorId: string; organizationId: string }): Promise<Role[]> {
      await organizations.authorize({ actorId, organizationId, right: { action: "read", subject: "role" } });
      return (await repository.findRoles(organizationId)).map(toRole);
    },

    async createRole({
      actorId,
      organizationId,
      input,
      client,
    }: {
      actorId: string;
      organizationId: string;
      input: RoleInput;
      client: SessionClient;
    }): Promise<Role> {
      await organizations.authorize({ actorId, organizationId, right: { action: "create", subject: "role" } });
      // The organization lock makes the name check and the insert one step for concurrent requests.
      return organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const queries = on(tx);
        await assertNameFree(queries, organizationId, input.name);
        const role = toRole(await queries.insertRole({ organizationId, name: input.name, acls: input.acls }));
        const target = { type: "role", id: role.uid, label: role.name };
        const after = { name: role.name, acls: role.acls };
        await audit.record({ kind: "role.created", organizationId, actorId, userId: null, target, client, after, tx });
        return role;
      });
    },

    async updateRole({
      actorId,
      organizationId,
      roleId,
      input,
      client,
    }: {
      actorId: string;
      organizationId: string;
      roleId: string;
      input: RoleUpdate;
      client: SessionClient;
    }): Promise<Role> {
      await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "role" } });
      return organizations.withOrganizationLocked({ organizationId }, async (tx) => {
        const queries = on(tx);
        const current = await queries.findRole(organizationId, roleId);
        if (!current) throw notFound("Role");
        if (input.name !== undefined) await assertNameFree(queries, organizationId, input.name, roleId);
        const acls = input.acls;
        if (acls !== undefined) {
          await organizations.assertAccessKept({
            actorId,
            organizationId,
            tx,
            change: (member) => (member.role.uid === roleId ? { ...member, role: { ...member.role, acls } } : member),
          });
        }
        const row = await queries.updateRole(organizationId, roleId, input);
        if (!row) throw notFound("Role");
        await audit.record({
          kind: "role.updated",
          organizationId,
          actorId,
          userId: null,
          target: { type: "role", id: roleId, label: row.name },
          client,
          before: { name: current.name, acls: current.acls },
          after: { name: row.name, acls: row.acls },
          tx,
        });
        return toRole(row);
      });
    },
  };
}
