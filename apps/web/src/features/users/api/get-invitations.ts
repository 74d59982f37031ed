import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Invitation, invitationSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const invitationsSchema = z.array(invitationSchema);

export function invitationsPath(organizationId: string): string {
  return `/organization/${encodeURIComponent(organizationId)}/invitation`;
}

/** The organization's invitations not answered yet, pending and expired, newest first. */
export function getInvitations({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<Invitation[]> {
  return api.get(invitationsPath(organizationId), { schema: invitationsSchema, signal });
}

export function getInvitationsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "invitations"],
    queryFn: ({ signal }) => getInvitations({ organizationId, signal }),
  });
}

export function useInvitations(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getInvitationsQueryOptions(organizationId), enabled: options.enabled ?? true });
}
