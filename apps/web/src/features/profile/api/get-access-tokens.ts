import { queryOptions, useQuery } from "@tanstack/react-query";
import { type AccessToken, accessTokenListSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export const accessTokensPath = "/auth/tokens";

/** The signed-in person's personal access tokens, newest first; never the tokens themselves, only their hints. */
export function getAccessTokens({ signal }: { signal?: AbortSignal } = {}): Promise<AccessToken[]> {
  return api.get(accessTokensPath, { schema: accessTokenListSchema, signal });
}

export function getAccessTokensQueryOptions() {
  return queryOptions({
    queryKey: ["auth", "tokens"],
    queryFn: ({ signal }) => getAccessTokens({ signal }),
  });
}

export function useAccessTokens() {
  return useQuery(getAccessTokensQueryOptions());
}
