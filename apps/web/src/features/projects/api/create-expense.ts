import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Expense, type ExpenseInput, expenseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { useIntent } from "../../../lib/idempotency";
import { getExpensesQueryOptions } from "./get-expenses";
import { projectPath, refreshProjectFigures } from "./get-project";

export function createExpense({
  organizationId,
  projectId,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  projectId: string;
  data: ExpenseInput;
  idempotencyKey?: string;
}): Promise<Expense> {
  return api.post(`${projectPath(organizationId, projectId)}/expense`, {
    body: data,
    schema: expenseSchema,
    idempotencyKey,
  });
}

/** Each create is sent with the key of its intent (src/lib/idempotency.ts), which a success ends. */
export function useCreateExpense(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  const intent = useIntent();
  return useMutation({
    mutationFn: (data: ExpenseInput) =>
      createExpense({ organizationId, projectId, data, idempotencyKey: intent.key([organizationId, projectId, data]) }),
    onSuccess: () => {
      intent.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getExpensesQueryOptions(organizationId, projectId).queryKey }),
        refreshProjectFigures(queryClient, organizationId, projectId),
      ]);
    },
  });
}
