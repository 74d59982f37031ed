import { queryOptions, useQuery } from "@tanstack/react-query";
import { type OrganizationAccessToken, organizationAccessTokenListSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export function organizationAccessTokensPath(orgId: string): string {
  return `/organization/${encodeURIComponent(orgId)}/access-tokens`;
}

/** Every personal access token of the organization's members, with whose it is; for those who may edit it. */
export function getOrganizationAccessTokens({
  orgId,
  signal,
}: {
  orgId: string;
  signal?: AbortSignal;
}): Promise<OrganizationAccessToken[]> {
  return api.get(organizationAccessTokensPath(orgId), { schema: organizationAccessTokenListSchema, signal });
}

export function getOrganizationAccessTokensQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ["organizations", orgId, "access-tokens"],
    queryFn: ({ signal }) => getOrganizationAccessTokens({ orgId, signal }),
  });
}

export function useOrganizationAccessTokens(orgId: string) {
  return useQuery(getOrganizationAccessTokensQueryOptions(orgId));
}
