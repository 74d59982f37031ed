import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Invitation, invitationSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getInvitationsQueryOptions, invitationsPath } from "./get-invitations";

/** A new link, valid seven days again; the links sent before stop working. */
export function resendInvitation({
  organizationId,
  invitationId,
}: {
  organizationId: string;
  invitationId: string;
}): Promise<Invitation> {
  return api.post(`${invitationsPath(organizationId)}/${encodeURIComponent(invitationId)}/resend`, {
    schema: invitationSchema,
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (_invitation, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: getInvitationsQueryOptions(organizationId).queryKey }),
  });
}
