import { useMutation } from "@tanstack/react-query";
import { type InvitationLink, invitationSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const invitationsSchema = z.array(invitationSchema);

/**
 * Declines, from its link page, an invitation addressed to the signed-in (verified) person. The link's answer names
 * no invitation id, so the invitation is found among the person's own pending ones; false when it is not there
 * (the e-mail is not verified, or it was answered meanwhile).
 */
export async function declineInvitationFromLink({ link }: { link: InvitationLink }): Promise<boolean> {
  const mine = await api.get("/auth/invitations", { schema: invitationsSchema });
  const invitation = mine.find(
    (candidate) =>
      candidate.organization_name === link.organization_name &&
      candidate.email.toLowerCase() === link.email.toLowerCase(),
  );
  if (!invitation) return false;
  await api.post(`/auth/invitations/${encodeURIComponent(invitation.uid)}/decline`);
  return true;
}

export function useDeclineInvitationFromLink() {
  return useMutation({ mutationFn: declineInvitationFromLink });
}
