import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Contract, type ContractInput, contractSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { contractsPath } from "./get-contracts";
import { getOrganizationUsersQueryOptions } from "./get-organization-users";

export function createContract({
  organizationId,
  userId,
  data,
}: {
  organizationId: string;
  userId: string;
  data: ContractInput;
}): Promise<Contract> {
  return api.post(contractsPath(organizationId, userId), { body: data, schema: contractSchema });
}

export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContract,
    // The users list and the user show the contract in force today, so they refresh with the contracts.
    onSuccess: (_contract, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: getOrganizationUsersQueryOptions(organizationId).queryKey }),
  });
}
