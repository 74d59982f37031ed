import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Contract, type ContractInput, contractSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { contractsPath } from "./get-contracts";
import { getOrganizationUsersQueryOptions } from "./get-organization-users";

/** The whole contract is sent, as the modal holds it. */
export function updateContract({
  organizationId,
  userId,
  contractId,
  data,
}: {
  organizationId: string;
  userId: string;
  contractId: string;
  data: ContractInput;
}): Promise<Contract> {
  return api.patch(`${contractsPath(organizationId, userId)}/${encodeURIComponent(contractId)}`, {
    body: data,
    schema: contractSchema,
  });
}

export function useUpdateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContract,
    onSuccess: (_contract, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: getOrganizationUsersQueryOptions(organizationId).queryKey }),
  });
}
