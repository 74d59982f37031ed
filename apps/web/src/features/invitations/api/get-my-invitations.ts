import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Invitation, invitationSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const invitationsSchema = z.array(invitationSchema);

/** The pending invitations addressed to the signed-in person's e-mail; empty until that e-mail is verified. */
export function getMyInvitations({ signal }: { signal?: AbortSignal } = {}): Promise<Invitation[]> {
  return api.get("/auth/invitations", { schema: invitationsSchema, signal });
}

export function getMyInvitationsQueryOptions() {
  return queryOptions({
    queryKey: ["auth", "invitations"],
    queryFn: ({ signal }) => getMyInvitations({ signal }),
  });
}

export function useMyInvitations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyInvitationsQueryOptions(), enabled: options.enabled ?? true });
}
