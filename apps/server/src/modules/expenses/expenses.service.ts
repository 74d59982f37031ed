import type { Expense, ExpenseInput } from "@timetrap/domain";
import { notFound } from "../../http/app-error.js";
import type { ProjectsService } from "../projects/projects.service.js";
import type { ProjectFiguresEvents } from "../webhooks/project-alerts-trigger.js";
import type { ExpenseRow, ExpensesRepository, ExpenseValues } from "./expenses.repository.js";

export type ExpensesService = ReturnType<typeof createExpensesService>;

function toExpense(row: ExpenseRow): Expense {
  return {
    uid: row.id,
    organization_id: row.organizationId,
    project_id: row.projectId,
    title: row.title,
    amount: row.amount,
    estimated_amount: row.isFinalBalance ? null : row.amount,
    confirmed_amount: row.isFinalBalance ? row.amount : null,
    is_final_balance: row.isFinalBalance,
    is_billable: row.isBillable,
    supplier: row.supplier,
    description: row.description,
    approver: row.approver,
    transacation_date: row.transactionDate,
  };
}

function toValues(input: ExpenseInput): ExpenseValues {
  return {
    title: input.title,
    amount: input.amount,
    isFinalBalance: input.is_final_balance,
    // The input schema already clears it on an estimate; the database refuses one that slips through.
    isBillable: input.is_final_balance && input.is_billable,
    supplier: input.supplier,
    description: input.description,
    approver: input.approver,
    transactionDate: input.transacation_date,
  };
}

interface ProjectScope {
  actorId: string;
  organizationId: string;
  projectId: string;
}

export function createExpensesService({
  repository,
  projects,
  projectFiguresEvents,
}: {
  repository: ExpensesRepository;
  projects: Pick<ProjectsService, "authorizeProject">;
  /**
   * Told after a write (the project alerts' check). A write here is one statement, not a transaction: the check is
   * queued right after it, and a check lost between the two is made by the project's next change.
   */
  projectFiguresEvents?: ProjectFiguresEvents;
}) {
  async function figuresChanged(organizationId: string, projectId: string): Promise<void> {
    if (!projectFiguresEvents) return;
    await projectFiguresEvents.projectFiguresChanged(undefined, { organizationId, projectIds: [projectId] });
    projectFiguresEvents.figuresCommitted();
  }

  return {
    /** Newest first, to whoever sees the project. */
    async listExpenses({ actorId, organizationId, projectId }: ProjectScope): Promise<Expense[]> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "read" });
      return (await repository.listByProject(organizationId, projectId)).map(toExpense);
    },

    async createExpense({
      actorId,
      organizationId,
      projectId,
      input,
    }: ProjectScope & { input: ExpenseInput }): Promise<Expense> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      const row = await repository.insert(organizationId, projectId, toValues(input));
      await figuresChanged(organizationId, projectId);
      return toExpense(row);
    },

    /** Replaces every field, as the expense modal sends the whole expense. */
    async updateExpense({
      actorId,
      organizationId,
      projectId,
      expenseId,
      input,
    }: ProjectScope & { expenseId: string; input: ExpenseInput }): Promise<Expense> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      const row = await repository.update(organizationId, projectId, expenseId, toValues(input));
      if (!row) throw notFound("Expense");
      await figuresChanged(organizationId, projectId);
      return toExpense(row);
    },

    async deleteExpense({
      actorId,
      organizationId,
      projectId,
      expenseId,
    }: ProjectScope & { expenseId: string }): Promise<void> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      if (!(await repository.delete(organizationId, projectId, expenseId))) throw notFound("Expense");
      await figuresChanged(organizationId, projectId);
    },
  };
}
