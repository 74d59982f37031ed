import { useMutation } from "@tanstack/react-query";
import { type AcceptInvitationLinkInput, type SignInResponse, signInResponseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/**
 * Accepts from the e-mailed link, which proves the mailbox: a new address gets its account (with the password and
 * name given), an existing account joins; either way the answer signs the person in.
 */
export function acceptInvitationLink(input: AcceptInvitationLinkInput): Promise<SignInResponse> {
  return api.post("/auth/invitation/accept", { body: input, schema: signInResponseSchema });
}

export function useAcceptInvitationLink() {
  return useMutation({ mutationFn: acceptInvitationLink });
}
