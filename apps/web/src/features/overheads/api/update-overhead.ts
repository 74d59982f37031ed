import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Overhead, type OverheadInput, overheadSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getOverheadsQueryOptions } from "./get-overheads";

export function updateOverhead({
  orgId,
  overheadId,
  data,
}: {
  orgId: string;
  overheadId: string;
  data: OverheadInput;
}): Promise<Overhead> {
  return api.patch(`/organization/${encodeURIComponent(orgId)}/overheads/${encodeURIComponent(overheadId)}`, {
    body: data,
    schema: overheadSchema,
  });
}

export function useUpdateOverhead(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ overheadId, data }: { overheadId: string; data: OverheadInput }) =>
      updateOverhead({ orgId, overheadId, data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOverheadsQueryOptions(orgId).queryKey }),
  });
}
