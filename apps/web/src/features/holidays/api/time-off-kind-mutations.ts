import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TimeOffKind, type TimeOffKindInput, timeOffKindSchema } from "@timetrap/domain";
import { getTimeOffKindsQueryOptions, timeOffKindsPath } from "../../../api/time-off-kinds";
import { api } from "../../../lib/api-client";
import { useIntent } from "../../../lib/idempotency";

export function createTimeOffKind({
  organizationId,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  data: TimeOffKindInput;
  idempotencyKey?: string;
}): Promise<TimeOffKind> {
  return api.post(timeOffKindsPath(organizationId), { body: data, schema: timeOffKindSchema, idempotencyKey });
}

export function updateTimeOffKind({
  organizationId,
  kindId,
  data,
}: {
  organizationId: string;
  kindId: string;
  data: Partial<TimeOffKindInput>;
}): Promise<TimeOffKind> {
  return api.patch(`${timeOffKindsPath(organizationId)}/${encodeURIComponent(kindId)}`, {
    body: data,
    schema: timeOffKindSchema,
  });
}

export function deleteTimeOffKind({ organizationId, kindId }: { organizationId: string; kindId: string }) {
  return api.delete<void>(`${timeOffKindsPath(organizationId)}/${encodeURIComponent(kindId)}`);
}

function useRefreshKinds(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getTimeOffKindsQueryOptions(organizationId).queryKey });
}

export function useCreateTimeOffKind(organizationId: string) {
  const intent = useIntent();
  const refresh = useRefreshKinds(organizationId);
  return useMutation({
    mutationFn: (data: TimeOffKindInput) =>
      createTimeOffKind({ organizationId, data, idempotencyKey: intent.key([organizationId, data]) }),
    onSuccess: () => {
      intent.done();
      return refresh();
    },
  });
}

export function useUpdateTimeOffKind(organizationId: string) {
  const refresh = useRefreshKinds(organizationId);
  return useMutation({
    mutationFn: ({ kindId, data }: { kindId: string; data: Partial<TimeOffKindInput> }) =>
      updateTimeOffKind({ organizationId, kindId, data }),
    onSuccess: refresh,
  });
}

export function useDeleteTimeOffKind(organizationId: string) {
  const refresh = useRefreshKinds(organizationId);
  return useMutation({
    mutationFn: (kindId: string) => deleteTimeOffKind({ organizationId, kindId }),
    onSuccess: refresh,
  });
}
