import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Customer, type CustomerInput, customerSchema } from "@timetrap/domain";
import { getCustomersQueryOptions } from "../../../api/get-customers";
import { api } from "../../../lib/api-client";

export function updateCustomer({
  orgId,
  customerId,
  data,
}: {
  orgId: string;
  customerId: string;
  data: CustomerInput;
}): Promise<Customer> {
  return api.patch(`/organization/${encodeURIComponent(orgId)}/customer/${encodeURIComponent(customerId)}`, {
    body: data,
    schema: customerSchema,
  });
}

export function useUpdateCustomer(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, data }: { customerId: string; data: CustomerInput }) =>
      updateCustomer({ orgId, customerId, data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCustomersQueryOptions(orgId).queryKey }),
  });
}
