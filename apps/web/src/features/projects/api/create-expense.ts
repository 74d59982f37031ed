import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Expense, type ExpenseInput, expenseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getExpensesQueryOptions } from "./get-expenses";
import { projectPath, refreshProjectFigures } from "./get-project";

export function createExpense({
  organizationId,
  projectId,
  data,
}: {
  organizationId: string;
  projectId: string;
  data: ExpenseInput;
}): Promise<Expense> {
  return api.post(`${projectPath(organizationId, projectId)}/expense`, { body: data, schema: expenseSchema });
}

export function useCreateExpense(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ExpenseInput) => createExpense({ organizationId, projectId, data }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getExpensesQueryOptions(organizationId, projectId).queryKey }),
        refreshProjectFigures(queryClient, organizationId, projectId),
      ]),
  });
}
