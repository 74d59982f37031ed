import { queryOptions, useQuery } from "@tanstack/react-query";
import { type OrganizationUser, organizationUserSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getOrganizationUsersQueryOptions } from "./get-organization-users";

export function getOrganizationUser({
  organizationId,
  userId,
  signal,
}: {
  organizationId: string;
  userId: string;
  signal?: AbortSignal;
}): Promise<OrganizationUser> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/user/${encodeURIComponent(userId)}`, {
    schema: organizationUserSchema,
    signal,
  });
}

export function getOrganizationUserQueryOptions(organizationId: string, userId: string) {
  return queryOptions({
    queryKey: [...getOrganizationUsersQueryOptions(organizationId).queryKey, userId],
    queryFn: ({ signal }) => getOrganizationUser({ organizationId, userId, signal }),
  });
}

export function useOrganizationUser(organizationId: string, userId: string) {
  return useQuery(getOrganizationUserQueryOptions(organizationId, userId));
}
