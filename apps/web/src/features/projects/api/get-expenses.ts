import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Expense, expenseSchema } from "@timetrap/domain";
import { z } from "zod";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";

const expenseListSchema = z.array(expenseSchema);

export function getExpenses({
  organizationId,
  projectId,
  signal,
}: {
  organizationId: string;
  projectId: string;
  signal?: AbortSignal;
}): Promise<Expense[]> {
  return api.get(`${projectPath(organizationId, projectId)}/expense`, { schema: expenseListSchema, signal });
}

export function getExpensesQueryOptions(organizationId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.part(organizationId, projectId, "expenses"),
    queryFn: ({ signal }) => getExpenses({ organizationId, projectId, signal }),
  });
}

export function useExpenses(organizationId: string, projectId: string) {
  return useQuery(getExpensesQueryOptions(organizationId, projectId));
}
