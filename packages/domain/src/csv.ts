/** Spreadsheet programs set to Italian read `;` as the column separator (spec part 2 §9). */
export const csvSeparator = ";";
/** Makes Excel read the file as UTF-8, so accented names survive. */
export const csvByteOrderMark = "\uFEFF";

export type CsvCell = string | number | boolean | null | undefined;

/** One cell: numbers with a decimal comma when asked, text quoted when it holds a separator, quote or line break. */
export function csvCell(value: CsvCell, options: { decimalComma?: boolean } = {}): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" && options.decimalComma ? String(value).replace(".", ",") : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: byte-order mark, a header row, then the rows, lines ended by CRLF as RFC 4180 says. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  options: { decimalComma?: boolean } = {},
): string {
  const line = (cells: readonly CsvCell[]) => cells.map((cell) => csvCell(cell, options)).join(csvSeparator);
  return `${csvByteOrderMark}${[line(header), ...rows.map(line)].join("\r\n")}\r\n`;
}
