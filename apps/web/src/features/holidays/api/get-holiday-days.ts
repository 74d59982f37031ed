import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type HolidayDay, holidayDaySchema } from "@timetrap/domain";
import { z } from "zod";
import { getHolidayGroupsQueryOptions, holidayGroupsPath } from "../../../api/holiday-groups";
import { api } from "../../../lib/api-client";

const holidayDayListSchema = z.array(holidayDaySchema);

/** A group's days of one year: the country's public holidays and the organization's own. */
export function getHolidayDays({
  organizationId,
  groupId,
  year,
  signal,
}: {
  organizationId: string;
  groupId: string;
  year: number;
  signal?: AbortSignal;
}): Promise<HolidayDay[]> {
  return api.get(`${holidayGroupsPath(organizationId)}/${encodeURIComponent(groupId)}/days`, {
    query: { year },
    schema: holidayDayListSchema,
    signal,
  });
}

/** Under the groups' key: a change of a group's country or own days refreshes its preview too. */
export function getHolidayDaysQueryOptions(organizationId: string, groupId: string, year: number) {
  return queryOptions({
    queryKey: [...getHolidayGroupsQueryOptions(organizationId).queryKey, groupId, "days", year],
    queryFn: ({ signal }) => getHolidayDays({ organizationId, groupId, year, signal }),
  });
}

export function useHolidayDays(organizationId: string, groupId: string, year: number) {
  return useQuery({ ...getHolidayDaysQueryOptions(organizationId, groupId, year), placeholderData: keepPreviousData });
}
