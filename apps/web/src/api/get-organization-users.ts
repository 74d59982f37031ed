import { queryOptions, useQuery } from "@tanstack/react-query";
import { type OrganizationUser, organizationUserSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

const organizationUsersSchema = z.array(organizationUserSchema);

export function getActiveOrganizationUsers({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<OrganizationUser[]> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/user`, {
    query: { only_active_users: true },
    schema: organizationUsersSchema,
    signal,
  });
}

/**
 * The active users, by name: only they may manage a project, be on its team or get a task (spec part 2 §5). The
 * key sits under the users list's key, so whatever refreshes the users screens (a user deactivated, an invitation
 * accepted) refreshes the pickers too.
 */
export function getActiveOrganizationUsersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "users", "active"],
    queryFn: ({ signal }) => getActiveOrganizationUsers({ organizationId, signal }),
  });
}

export function useActiveOrganizationUsers(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getActiveOrganizationUsersQueryOptions(organizationId), enabled: options.enabled ?? true });
}
