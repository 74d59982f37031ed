import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type OrganizationUser, organizationUserSchema, type UpdateMemberInput } from "@timetrap/domain";
import { getMeQueryOptions } from "../../../api/get-me";
import { api } from "../../../lib/api-client";
import { getOrganizationUserQueryOptions } from "./get-organization-user";
import { getOrganizationUsersQueryOptions } from "./get-organization-users";

export function updateMemberRole({
  organizationId,
  userId,
  data,
}: {
  organizationId: string;
  userId: string;
  data: UpdateMemberInput;
}): Promise<OrganizationUser> {
  return api.patch(`/organization/${encodeURIComponent(organizationId)}/user/${encodeURIComponent(userId)}`, {
    body: data,
    schema: organizationUserSchema,
  });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSuccess: async (member, { organizationId, userId }) => {
      queryClient.setQueryData(getOrganizationUserQueryOptions(organizationId, userId).queryKey, member);
      const meKey = getMeQueryOptions().queryKey;
      // A person who changed their own role gets the new rights at once: the sidebar and the buttons follow.
      const refreshMe =
        queryClient.getQueryData(meKey)?.uid === userId ? queryClient.invalidateQueries({ queryKey: meKey }) : null;
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: getOrganizationUsersQueryOptions(organizationId).queryKey,
          exact: true,
        }),
        refreshMe,
      ]);
    },
  });
}
