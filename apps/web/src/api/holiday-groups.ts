import { queryOptions, useQuery } from "@tanstack/react-query";
import { type HolidayGroup, holidayGroupSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

const holidayGroupListSchema = z.array(holidayGroupSchema);

export function holidayGroupsPath(organizationId: string): string {
  return `/organization/${encodeURIComponent(organizationId)}/holiday-groups`;
}

/** The organization's holiday groups with their own days (decision 026); every member may read them. */
export function getHolidayGroups({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<HolidayGroup[]> {
  return api.get(holidayGroupsPath(organizationId), { schema: holidayGroupListSchema, signal });
}

export function getHolidayGroupsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "holiday-groups"],
    queryFn: ({ signal }) => getHolidayGroups({ organizationId, signal }),
  });
}

export function useHolidayGroups(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getHolidayGroupsQueryOptions(organizationId), enabled: options.enabled ?? true });
}
