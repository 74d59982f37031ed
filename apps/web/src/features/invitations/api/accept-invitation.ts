import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type User, userSchema } from "@timetrap/domain";
import { getMeQueryOptions } from "../../../api/get-me";
import { api } from "../../../lib/api-client";
import { getMyInvitationsQueryOptions } from "./get-my-invitations";

/** Joins the organization: the answer is the signed-in user, now with the organization and the invited role. */
export function acceptInvitation({ invitationId }: { invitationId: string }): Promise<User> {
  return api.post(`/auth/invitations/${encodeURIComponent(invitationId)}/accept`, { schema: userSchema });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (user) => {
      // The new membership at once (the onboarding dialog closes on it), then the invitations that are left.
      queryClient.setQueryData(getMeQueryOptions().queryKey, user);
      await queryClient.invalidateQueries({ queryKey: getMyInvitationsQueryOptions().queryKey });
    },
  });
}
