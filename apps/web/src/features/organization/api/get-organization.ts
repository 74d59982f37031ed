import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Organization, organizationSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export function getOrganization({ orgId, signal }: { orgId: string; signal?: AbortSignal }): Promise<Organization> {
  return api.get(`/organization/${encodeURIComponent(orgId)}`, { schema: organizationSchema, signal });
}

export function getOrganizationQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ["organizations", orgId, "detail"],
    queryFn: ({ signal }) => getOrganization({ orgId, signal }),
  });
}

export function useOrganization(orgId: string) {
  return useQuery(getOrganizationQueryOptions(orgId));
}
