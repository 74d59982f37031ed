import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contractsPath } from "./get-contracts";
import { getOrganizationUsersQueryOptions } from "./get-organization-users";

export function deleteContract({
  organizationId,
  userId,
  contractId,
}: {
  organizationId: string;
  userId: string;
  contractId: string;
}): Promise<void> {
  return api.delete(`${contractsPath(organizationId, userId)}/${encodeURIComponent(contractId)}`);
}

export function useDeleteContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContract,
    onSuccess: (_result, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: getOrganizationUsersQueryOptions(organizationId).queryKey }),
  });
}
