import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET changelog: the project's CHANGELOG.md as markdown text. */
export function getChangelog({ signal }: { signal?: AbortSignal } = {}): Promise<string> {
  return api.getText("/changelog", { signal });
}

export function getChangelogQueryOptions() {
  return queryOptions({
    queryKey: ["changelog"],
    queryFn: ({ signal }) => getChangelog({ signal }),
    staleTime: 10 * 60 * 1000,
  });
}

export function useChangelog({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getChangelogQueryOptions(), enabled });
}
