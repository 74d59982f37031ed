import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Role, roleSchema } from "@timetrap/domain";
import { getMeQueryOptions } from "../../../api/get-me";
import { getRolesQueryOptions } from "../../../api/get-roles";
import { api } from "../../../lib/api-client";
import { type RoleDraft, roleBody } from "./create-role";

export function updateRole({
  organizationId,
  roleId,
  data,
}: {
  organizationId: string;
  roleId: string;
  data: RoleDraft;
}): Promise<Role> {
  return api.patch(`/organization/${encodeURIComponent(organizationId)}/role/${encodeURIComponent(roleId)}`, {
    body: roleBody(data),
    schema: roleSchema,
  });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: async (role, { organizationId }) => {
      const meKey = getMeQueryOptions().queryKey;
      // Editing one's own role changes one's rights at once: the sidebar and the buttons follow.
      const mine = queryClient.getQueryData(meKey)?.role?.uid === role.uid;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getRolesQueryOptions(organizationId).queryKey }),
        mine ? queryClient.invalidateQueries({ queryKey: meKey }) : null,
      ]);
    },
  });
}
