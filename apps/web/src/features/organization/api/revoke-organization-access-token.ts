import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import {
  getOrganizationAccessTokensQueryOptions,
  organizationAccessTokensPath,
} from "./get-organization-access-tokens";

/** An admin revokes a member's token, say one left in a script of someone who has gone. */
export function revokeOrganizationAccessToken({ orgId, tokenId }: { orgId: string; tokenId: string }): Promise<void> {
  return api.delete(`${organizationAccessTokensPath(orgId)}/${encodeURIComponent(tokenId)}`);
}

export function useRevokeOrganizationAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOrganizationAccessToken,
    onSettled: (_result, _error, { orgId }) =>
      queryClient.invalidateQueries({ queryKey: getOrganizationAccessTokensQueryOptions(orgId).queryKey }),
  });
}
