import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Customer, type CustomerInput, customerSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";
import { getCustomersQueryOptions } from "./get-customers";

export function createCustomer({ orgId, data }: { orgId: string; data: CustomerInput }): Promise<Customer> {
  return api.post(`/organization/${encodeURIComponent(orgId)}/customer`, { body: data, schema: customerSchema });
}

export function useCreateCustomer(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CustomerInput) => createCustomer({ orgId, data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCustomersQueryOptions(orgId).queryKey }),
  });
}
