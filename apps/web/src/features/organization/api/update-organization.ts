import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type UpdateOrganizationInput,
  type UpdateOrganizationResponse,
  updateOrganizationResponseSchema,
} from "@timetrap/domain";
import { getMeQueryOptions } from "../../../api/get-me";
import { api } from "../../../lib/api-client";
import { getOrganizationQueryOptions } from "./get-organization";

export function updateOrganization({
  orgId,
  data,
}: {
  orgId: string;
  data: UpdateOrganizationInput;
}): Promise<UpdateOrganizationResponse> {
  return api.patch(`/organization/${encodeURIComponent(orgId)}`, {
    body: data,
    schema: updateOrganizationResponseSchema,
  });
}

/**
 * PATCH organization/{orgId}. The answer is the saved organization (without the domains it refused), so it
 * replaces the page's copy and the signed-in user's, whose name and domains the shell shows.
 */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: ({ organization }) => {
      queryClient.setQueryData(getOrganizationQueryOptions(organization.uid).queryKey, organization);
      queryClient.setQueryData(getMeQueryOptions().queryKey, (me) =>
        me?.organization?.uid === organization.uid ? { ...me, organization } : me,
      );
    },
  });
}
