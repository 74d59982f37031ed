import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CreateOrganizationInput,
  type CreateOrganizationResponse,
  createOrganizationResponseSchema,
} from "@timetrap/domain";
import { getMeQueryOptions } from "../../../api/get-me";
import { api } from "../../../lib/api-client";

export function createOrganization({
  userId,
  data,
}: {
  userId: string;
  data: CreateOrganizationInput;
}): Promise<CreateOrganizationResponse> {
  return api.post(`/user/${encodeURIComponent(userId)}/organization`, {
    body: data,
    schema: createOrganizationResponseSchema,
  });
}

/** On success the signed-in user gets the organization and role at once, then a fresh copy from the server. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async ({ organization, role }) => {
      const meKey = getMeQueryOptions().queryKey;
      queryClient.setQueryData(meKey, (me) => (me ? { ...me, organization, role } : me));
      await queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
