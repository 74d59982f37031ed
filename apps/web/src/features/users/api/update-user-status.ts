import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@timetrap/domain";
import { updateUser } from "../../../api/update-user";
import { getOrganizationUsersQueryOptions } from "./get-organization-users";

type SwitchableStatus = "active" | "inactive";

/** The active/inactive switch: PATCH user/{id} {status} (spec part 2 §7), the same call as the profile's. */
export function updateUserStatus({ userId, status }: { userId: string; status: SwitchableStatus }): Promise<User> {
  return updateUser({ userId, data: { status } });
}

export function useUpdateUserStatus(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    // The list, the user and the seat count all change with a status.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getOrganizationUsersQueryOptions(organizationId).queryKey }),
  });
}
