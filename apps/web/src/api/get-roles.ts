import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Role, roleSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

const rolesSchema = z.array(roleSchema);

export function getRoles({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<Role[]> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/role`, { schema: rolesSchema, signal });
}

/** Roles by name, as the roles page lists them and the role pickers offer them. */
function byName(roles: Role[]): Role[] {
  return [...roles].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}

/** Shared by the roles page and the role pickers of the users screens, so one cache entry serves both. */
export function getRolesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "roles"],
    queryFn: ({ signal }) => getRoles({ organizationId, signal }),
    select: byName,
  });
}

export function useRoles(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRolesQueryOptions(organizationId), enabled: options.enabled ?? true });
}
