import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CreateAccessToken, type CreatedAccessToken, createdAccessTokenSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { accessTokensPath, getAccessTokensQueryOptions } from "./get-access-tokens";

/** Makes a token; the answer carries the token itself, which the server never gives again. */
export function createAccessToken({ data }: { data: CreateAccessToken }): Promise<CreatedAccessToken> {
  return api.post(accessTokensPath, { body: data, schema: createdAccessTokenSchema });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccessTokensQueryOptions().queryKey }),
  });
}
