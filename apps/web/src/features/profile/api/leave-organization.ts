import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getMeQueryOptions } from "../../../api/get-me";
import { api } from "../../../lib/api-client";

/** The signed-in person leaves their organization; what they logged stays in its reports. */
export function leaveOrganization({
  userId,
  organizationId,
}: {
  userId: string;
  organizationId: string;
}): Promise<void> {
  return api.delete(`/user/${encodeURIComponent(userId)}/organization/${encodeURIComponent(organizationId)}`);
}

export function useLeaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOrganization,
    onSuccess: async (_result, { organizationId }) => {
      // The user without organization first (the onboarding takes over the screen), then nothing of the
      // organization stays in the cache for whatever the person joins next.
      await queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
      queryClient.removeQueries({ queryKey: ["organizations", organizationId] });
    },
  });
}
