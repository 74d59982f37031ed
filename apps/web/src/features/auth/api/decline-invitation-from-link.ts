import { useMutation } from "@tanstack/react-query";
import type { DeclineInvitationLinkInput } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** Declines the invitation of a link; the link proves the mailbox, so no session is needed. */
export function declineInvitationFromLink(input: DeclineInvitationLinkInput): Promise<void> {
  return api.post("/auth/invitation/decline", { body: input });
}

export function useDeclineInvitationFromLink() {
  return useMutation({ mutationFn: declineInvitationFromLink });
}
