import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type HolidayGroup,
  type HolidayGroupInput,
  type HolidayGroupPatch,
  holidayGroupSchema,
} from "@timetrap/domain";
import { getHolidayGroupsQueryOptions, holidayGroupsPath } from "../../../api/holiday-groups";
import { api } from "../../../lib/api-client";
import { useIntent } from "../../../lib/idempotency";

export function createHolidayGroup({
  organizationId,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  data: HolidayGroupInput;
  idempotencyKey?: string;
}): Promise<HolidayGroup> {
  return api.post(holidayGroupsPath(organizationId), { body: data, schema: holidayGroupSchema, idempotencyKey });
}

export function updateHolidayGroup({
  organizationId,
  groupId,
  data,
}: {
  organizationId: string;
  groupId: string;
  data: HolidayGroupPatch;
}): Promise<HolidayGroup> {
  return api.patch(`${holidayGroupsPath(organizationId)}/${encodeURIComponent(groupId)}`, {
    body: data,
    schema: holidayGroupSchema,
  });
}

export function deleteHolidayGroup({ organizationId, groupId }: { organizationId: string; groupId: string }) {
  return api.delete<void>(`${holidayGroupsPath(organizationId)}/${encodeURIComponent(groupId)}`);
}

/** A change of one group may move the default of another: the whole list, with its days, is fetched again. */
function useRefreshHolidays(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getHolidayGroupsQueryOptions(organizationId).queryKey });
}

export function useCreateHolidayGroup(organizationId: string) {
  const intent = useIntent();
  const refresh = useRefreshHolidays(organizationId);
  return useMutation({
    mutationFn: (data: HolidayGroupInput) =>
      createHolidayGroup({ organizationId, data, idempotencyKey: intent.key([organizationId, data]) }),
    onSuccess: () => {
      intent.done();
      return refresh();
    },
  });
}

export function useUpdateHolidayGroup(organizationId: string) {
  const refresh = useRefreshHolidays(organizationId);
  return useMutation({
    mutationFn: ({ groupId, data }: { groupId: string; data: HolidayGroupPatch }) =>
      updateHolidayGroup({ organizationId, groupId, data }),
    onSuccess: refresh,
  });
}

export function useDeleteHolidayGroup(organizationId: string) {
  const refresh = useRefreshHolidays(organizationId);
  return useMutation({
    mutationFn: (groupId: string) => deleteHolidayGroup({ organizationId, groupId }),
    onSuccess: refresh,
  });
}
