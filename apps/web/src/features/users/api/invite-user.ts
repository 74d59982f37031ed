import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type InviteUserInput, type OrganizationUser, organizationUserSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getOrganizationUsersQueryOptions } from "./get-organization-users";

/** 201 for a new invitation, 200 when an invited user is sent a fresh link; the answer is the user either way. */
export function inviteUser({
  organizationId,
  data,
}: {
  organizationId: string;
  data: InviteUserInput;
}): Promise<OrganizationUser> {
  return api.post(`/organization/${encodeURIComponent(organizationId)}/user/invite`, {
    body: data,
    schema: organizationUserSchema,
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: (_user, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: getOrganizationUsersQueryOptions(organizationId).queryKey }),
  });
}
