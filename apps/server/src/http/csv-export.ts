/**
 * Whether a request asks for the CSV export of a list: by the query's `format` (`csv`; any other value asks for JSON),
 * or, without one, by `Accept: text/csv`, as a spreadsheet or a script would. The export routes answer by it, and the
 * request budgets count such requests as exports (decision 025).
 */
export function wantsCsv(format: unknown, accept: string | undefined): boolean {
  if (format !== undefined && format !== "") return format === "csv";
  return /\btext\/csv\b/i.test(accept ?? "");
}
