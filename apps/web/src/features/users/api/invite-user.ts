import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Invitation, type InviteUserInput, invitationSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getInvitationsQueryOptions } from "./get-invitations";

/**
 * 201 for a new invitation, 200 when the address already had one pending here (a fresh link is sent). The answer
 * is the same whether the address has an account or not: the organization learns nothing about other tenants.
 */
export function inviteUser({
  organizationId,
  data,
}: {
  organizationId: string;
  data: InviteUserInput;
}): Promise<Invitation> {
  return api.post(`/organization/${encodeURIComponent(organizationId)}/user/invite`, {
    body: data,
    schema: invitationSchema,
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: (_invitation, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: getInvitationsQueryOptions(organizationId).queryKey }),
  });
}
