import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Contract, contractSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";
import { getOrganizationUserQueryOptions } from "./get-organization-user";

const contractsSchema = z.array(contractSchema);

export function contractsPath(organizationId: string, userId: string): string {
  return `/organization/${encodeURIComponent(organizationId)}/user/${encodeURIComponent(userId)}/contract`;
}

/** A user's contracts, newest first. */
export function getContracts({
  organizationId,
  userId,
  signal,
}: {
  organizationId: string;
  userId: string;
  signal?: AbortSignal;
}): Promise<Contract[]> {
  return api.get(contractsPath(organizationId, userId), { schema: contractsSchema, signal });
}

export function getContractsQueryOptions(organizationId: string, userId: string) {
  return queryOptions({
    queryKey: [...getOrganizationUserQueryOptions(organizationId, userId).queryKey, "contracts"],
    queryFn: ({ signal }) => getContracts({ organizationId, userId, signal }),
  });
}

export function useContracts(organizationId: string, userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getContractsQueryOptions(organizationId, userId), enabled: options.enabled ?? true });
}
