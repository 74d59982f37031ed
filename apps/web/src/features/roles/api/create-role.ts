import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Acl, type Role, roleSchema } from "@timetrap/domain";
import { getRolesQueryOptions } from "../../../api/get-roles";
import { api } from "../../../lib/api-client";

export interface RoleDraft {
  name: string;
  acls: Acl[];
}

/** The acls travel as JSON text (spec part 2 §7 "acls are sent as text"). */
export function roleBody(role: RoleDraft): { name: string; acls: string } {
  return { name: role.name, acls: JSON.stringify(role.acls) };
}

export function createRole({ organizationId, data }: { organizationId: string; data: RoleDraft }): Promise<Role> {
  return api.post(`/organization/${encodeURIComponent(organizationId)}/role`, {
    body: roleBody(data),
    schema: roleSchema,
  });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: (_role, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: getRolesQueryOptions(organizationId).queryKey }),
  });
}
