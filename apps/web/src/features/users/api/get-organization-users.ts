import { queryOptions, useQuery } from "@tanstack/react-query";
import { type OrganizationUser, organizationUserSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const organizationUsersSchema = z.array(organizationUserSchema);

export function getOrganizationUsers({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<OrganizationUser[]> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/user`, {
    schema: organizationUsersSchema,
    signal,
  });
}

/**
 * Every user of the organization, whatever their status: the list filters them itself and counts the
 * seats they take. The key is the prefix of one user's and their contracts' keys, so invalidating it
 * refreshes everything the users screens show.
 */
export function getOrganizationUsersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "users"],
    queryFn: ({ signal }) => getOrganizationUsers({ organizationId, signal }),
  });
}

export function useOrganizationUsers(organizationId: string) {
  return useQuery(getOrganizationUsersQueryOptions(organizationId));
}
