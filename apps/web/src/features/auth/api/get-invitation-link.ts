import { queryOptions, useQuery } from "@tanstack/react-query";
import { type InvitationLink, invitationLinkSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** What an e-mailed invitation link offers; a void link (revoked, expired, answered, unknown) is a 400. */
export function getInvitationLink({ token, signal }: { token: string; signal?: AbortSignal }): Promise<InvitationLink> {
  return api.get("/auth/invitation", { query: { token }, schema: invitationLinkSchema, signal });
}

export function getInvitationLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["auth", "invitation-link", token],
    queryFn: ({ signal }) => getInvitationLink({ token, signal }),
  });
}

export function useInvitationLink(token: string) {
  return useQuery({ ...getInvitationLinkQueryOptions(token), enabled: token !== "" });
}
