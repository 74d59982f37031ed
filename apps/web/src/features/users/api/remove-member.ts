import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getOrganizationUsersQueryOptions } from "./get-organization-users";

/** The person leaves the organization; their events, contracts and time stay in its reports. */
export function removeMember({ organizationId, userId }: { organizationId: string; userId: string }): Promise<void> {
  return api.delete(`/organization/${encodeURIComponent(organizationId)}/user/${encodeURIComponent(userId)}`);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    // Only the list: the removed person's own page is being left, and refetching it would only answer 404.
    onSuccess: (_result, { organizationId }) =>
      queryClient.invalidateQueries({
        queryKey: getOrganizationUsersQueryOptions(organizationId).queryKey,
        exact: true,
      }),
  });
}
