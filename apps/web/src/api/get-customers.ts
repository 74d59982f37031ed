import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Customer, customerSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

const customerListSchema = z.array(customerSchema);

export function getCustomers({ orgId, signal }: { orgId: string; signal?: AbortSignal }): Promise<Customer[]> {
  return api.get(`/organization/${encodeURIComponent(orgId)}/customer`, { schema: customerListSchema, signal });
}

export function getCustomersQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ["organizations", orgId, "customers"],
    queryFn: ({ signal }) => getCustomers({ orgId, signal }),
  });
}

export function useCustomers(orgId: string) {
  return useQuery(getCustomersQueryOptions(orgId));
}
