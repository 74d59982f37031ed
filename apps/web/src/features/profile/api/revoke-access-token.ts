import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { accessTokensPath, getAccessTokensQueryOptions } from "./get-access-tokens";

/** Revokes one of the person's own tokens: the next call made with it is refused. */
export function revokeAccessToken({ tokenId }: { tokenId: string }): Promise<void> {
  return api.delete(`${accessTokensPath}/${encodeURIComponent(tokenId)}`);
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getAccessTokensQueryOptions().queryKey }),
  });
}
