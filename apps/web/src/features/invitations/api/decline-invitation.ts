import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getMyInvitationsQueryOptions } from "./get-my-invitations";

export function declineInvitation({ invitationId }: { invitationId: string }): Promise<void> {
  return api.post(`/auth/invitations/${encodeURIComponent(invitationId)}/decline`);
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: (_result, { invitationId }) => {
      const key = getMyInvitationsQueryOptions().queryKey;
      // Gone from the prompt at once, whatever the refetch takes.
      queryClient.setQueryData(key, (invitations) => invitations?.filter((i) => i.uid !== invitationId));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
