import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getExpensesQueryOptions } from "./get-expenses";
import { projectPath, refreshProjectFigures } from "./get-project";

export function deleteExpense({
  organizationId,
  projectId,
  expenseId,
}: {
  organizationId: string;
  projectId: string;
  expenseId: string;
}): Promise<void> {
  return api.delete(`${projectPath(organizationId, projectId)}/expense/${encodeURIComponent(expenseId)}`);
}

export function useDeleteExpense(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expenseId: string) => deleteExpense({ organizationId, projectId, expenseId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getExpensesQueryOptions(organizationId, projectId).queryKey }),
        refreshProjectFigures(queryClient, organizationId, projectId),
      ]),
  });
}
