import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Expense, type ExpenseInput, expenseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getExpensesQueryOptions } from "./get-expenses";
import { projectPath, refreshProjectFigures } from "./get-project";

export function updateExpense({
  organizationId,
  projectId,
  expenseId,
  data,
}: {
  organizationId: string;
  projectId: string;
  expenseId: string;
  data: ExpenseInput;
}): Promise<Expense> {
  return api.patch(`${projectPath(organizationId, projectId)}/expense/${encodeURIComponent(expenseId)}`, {
    body: data,
    schema: expenseSchema,
  });
}

export function useUpdateExpense(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ expenseId, data }: { expenseId: string; data: ExpenseInput }) =>
      updateExpense({ organizationId, projectId, expenseId, data }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getExpensesQueryOptions(organizationId, projectId).queryKey }),
        refreshProjectFigures(queryClient, organizationId, projectId),
      ]),
  });
}
