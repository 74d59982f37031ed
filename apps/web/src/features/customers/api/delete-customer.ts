import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getCustomersQueryOptions } from "../../../api/get-customers";
import { api } from "../../../lib/api-client";

/** The server deletes only with the typed confirmation slug (decision 005, "Customers"). */
export function deleteCustomer({
  orgId,
  customerId,
  slug,
}: {
  orgId: string;
  customerId: string;
  slug: string;
}): Promise<void> {
  return api.delete(`/organization/${encodeURIComponent(orgId)}/customer/${encodeURIComponent(customerId)}`, {
    query: { slug },
  });
}

export function useDeleteCustomer(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, slug }: { customerId: string; slug: string }) =>
      deleteCustomer({ orgId, customerId, slug }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCustomersQueryOptions(orgId).queryKey }),
  });
}
