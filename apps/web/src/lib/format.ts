/** Money is euro, written the Italian way whatever the interface language (spec part 2 §1). */
// "always": Italian CLDR leaves four-digit amounts ungrouped (1234,50), which reads badly in a column of costs.
const euro = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR", useGrouping: "always" });

export function formatEuro(value: number): string {
  return euro.format(value);
}

/** `YYYY-MM-DD` as the spec shows dates in forms and tables: dd/MM/yyyy. An empty date is a dash. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return "—";
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}
