import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TimeBlockingEvent } from "@timetrap/domain";
import { refreshBoard, timeBlockingKeys, updateTimeBlockingEvent } from "../../../api/time-blocking";
import { dashboardKeys } from "./get-user-report";

export interface EntryChange {
  event: TimeBlockingEvent;
  project_id?: string;
  category_id?: string | null;
}

/**
 * Gives an unassigned entry a project or a category (the board's event PATCH). With a project the entry is no longer
 * unassigned, so it leaves the list at once; a failure puts the list back. Either way the board and the week's figures
 * are asked again, since billable time may have changed.
 */
export function useAssignEntry(userId: string) {
  const queryClient = useQueryClient();
  const listKey = [...timeBlockingKeys.all(userId), "not-assigned"];
  return useMutation({
    mutationFn: ({ event, project_id, category_id }: EntryChange) =>
      updateTimeBlockingEvent({
        userId,
        eventId: event.id,
        data: {
          ...(project_id !== undefined ? { project_id } : {}),
          ...(category_id !== undefined ? { category_id } : {}),
        },
      }),
    onMutate: async ({ event, project_id, category_id }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueriesData<TimeBlockingEvent[]>({ queryKey: listKey });
      queryClient.setQueriesData<TimeBlockingEvent[]>({ queryKey: listKey }, (list) =>
        project_id !== undefined
          ? list?.filter((entry) => entry.id !== event.id)
          : list?.map((entry) => (entry.id === event.id ? { ...entry, category_id: category_id ?? null } : entry)),
      );
      return { previous };
    },
    onError: (_error, _change, context) => {
      for (const [key, list] of context?.previous ?? []) queryClient.setQueryData(key, list);
    },
    onSettled: () =>
      Promise.all([refreshBoard(queryClient, userId), queryClient.invalidateQueries({ queryKey: dashboardKeys.all })]),
  });
}
