import { DateInput, type DateInputProps } from "@mantine/dates";
import { type CalendarDate, isCalendarDate } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/format";

/** Typed dates are read the way they are shown, dd/MM/yyyy; `-` and `.` are accepted as separators too. */
export function parseTypedDate(text: string): CalendarDate | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, day = "", month = "", year = ""] = match;
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isCalendarDate(date) ? date : null;
}

/** A date picker that reads and writes `YYYY-MM-DD` and shows dd/MM/yyyy (spec part 2 §1). */
export function DateField(props: Omit<DateInputProps, "valueFormat" | "dateParser">) {
  const { t } = useTranslation();
  return (
    <DateInput
      valueFormat={formatDate}
      dateParser={parseTypedDate}
      placeholder={t("contracts.datePlaceholder")}
      {...props}
    />
  );
}
