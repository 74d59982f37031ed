import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CalendarDate,
  type TimeOff,
  type TimeOffBalanceEntry,
  type TimeOffInput,
  type TimeOffPatch,
  type TimeOffStatus,
  timeOffBalanceSchema,
  timeOffSchema,
} from "@timetrap/domain";
import { z } from "zod";
import { daysOffKeys } from "../../../api/days-off";
import { api } from "../../../lib/api-client";
import { useIntent } from "../../../lib/idempotency";

const timeOffListSchema = z.array(timeOffSchema);
const balanceListSchema = z.array(timeOffBalanceSchema);

const organizationPath = (organizationId: string) => `/organization/${encodeURIComponent(organizationId)}`;

export interface TimeOffFilters {
  start_date: CalendarDate;
  end_date: CalendarDate;
  /** One person's; everyone's the reader may see without it (their own, and others' with read team). */
  user_id?: string;
  status?: TimeOffStatus;
}

/** The time off overlapping the dates (decision 026). */
export function getTimeOff({
  organizationId,
  filters,
  signal,
}: {
  organizationId: string;
  filters: TimeOffFilters;
  signal?: AbortSignal;
}): Promise<TimeOff[]> {
  return api.get(`${organizationPath(organizationId)}/time-off`, {
    query: { ...filters },
    schema: timeOffListSchema,
    signal,
  });
}

const timeOffKey = (organizationId: string) => ["organizations", organizationId, "time-off"] as const;

export function getTimeOffQueryOptions(organizationId: string, filters: TimeOffFilters) {
  return queryOptions({
    queryKey: [...timeOffKey(organizationId), "list", filters],
    queryFn: ({ signal }) => getTimeOff({ organizationId, filters, signal }),
  });
}

export function useTimeOff(organizationId: string, filters: TimeOffFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getTimeOffQueryOptions(organizationId, filters),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** A person's balance of each kind that keeps an allowance, in a year. */
export function getTimeOffBalances({
  organizationId,
  userId,
  year,
  signal,
}: {
  organizationId: string;
  userId: string;
  year: number;
  signal?: AbortSignal;
}): Promise<TimeOffBalanceEntry[]> {
  return api.get(`${organizationPath(organizationId)}/time-off-balances`, {
    query: { user_id: userId, year },
    schema: balanceListSchema,
    signal,
  });
}

export function getTimeOffBalancesQueryOptions(organizationId: string, userId: string, year: number) {
  return queryOptions({
    queryKey: [...timeOffKey(organizationId), "balances", userId, year],
    queryFn: ({ signal }) => getTimeOffBalances({ organizationId, userId, year, signal }),
  });
}

export function useTimeOffBalances(organizationId: string, userId: string, year: number) {
  return useQuery({
    ...getTimeOffBalancesQueryOptions(organizationId, userId, year),
    placeholderData: keepPreviousData,
  });
}

/**
 * Time off changes lists, balances, the person's board (its days off) and every figure of capacity: all that holds it
 * is fetched again.
 */
function useRefreshTimeOff(organizationId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: timeOffKey(organizationId) }),
      queryClient.invalidateQueries({ queryKey: daysOffKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["reports"] }),
    ]);
}

export function createTimeOff({
  organizationId,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  data: TimeOffInput;
  idempotencyKey?: string;
}): Promise<TimeOff> {
  return api.post(`${organizationPath(organizationId)}/time-off`, {
    body: data,
    schema: timeOffSchema,
    idempotencyKey,
  });
}

export function useCreateTimeOff(organizationId: string) {
  const intent = useIntent();
  const refresh = useRefreshTimeOff(organizationId);
  return useMutation({
    mutationFn: (data: TimeOffInput) =>
      createTimeOff({ organizationId, data, idempotencyKey: intent.key([organizationId, data]) }),
    onSuccess: () => {
      intent.done();
      return refresh();
    },
  });
}

/** Approve, reject (with a note) or cancel. */
export function decideTimeOff({
  organizationId,
  timeOffId,
  data,
}: {
  organizationId: string;
  timeOffId: string;
  data: TimeOffPatch;
}): Promise<TimeOff> {
  return api.patch(`${organizationPath(organizationId)}/time-off/${encodeURIComponent(timeOffId)}`, {
    body: data,
    schema: timeOffSchema,
  });
}

export function useDecideTimeOff(organizationId: string) {
  const refresh = useRefreshTimeOff(organizationId);
  return useMutation({
    mutationFn: ({ timeOffId, data }: { timeOffId: string; data: TimeOffPatch }) =>
      decideTimeOff({ organizationId, timeOffId, data }),
    onSuccess: refresh,
  });
}

/** A person's allowance of a kind in a year, where it differs from the kind's (edit team). */
export function setTimeOffAllowance({
  organizationId,
  userId,
  kindId,
  year,
  days,
}: {
  organizationId: string;
  userId: string;
  kindId: string;
  year: number;
  days: number;
}): Promise<unknown> {
  return api.put(
    `${organizationPath(organizationId)}/user/${encodeURIComponent(userId)}/time-off-allowances/${encodeURIComponent(kindId)}`,
    { body: { year, days } },
  );
}

export function useSetTimeOffAllowance(organizationId: string) {
  const refresh = useRefreshTimeOff(organizationId);
  return useMutation({
    mutationFn: (variables: { userId: string; kindId: string; year: number; days: number }) =>
      setTimeOffAllowance({ organizationId, ...variables }),
    onSuccess: refresh,
  });
}
