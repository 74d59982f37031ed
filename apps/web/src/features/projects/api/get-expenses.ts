import { expenseSchema } from "@timetrap/domain";
import { projectPartList } from "./project-part-list";

const expenses = projectPartList("expenses", "expense", expenseSchema);

export const getExpensesQueryOptions = expenses.queryOptions;
export const useExpenses = expenses.useList;
