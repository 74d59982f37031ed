import { DateInput, type DateInputProps } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { displayDateFormat, parseDisplayDate } from "../lib/display-date";

/**
 * The date picker of every form: reads and writes `YYYY-MM-DD`, shows dd/MM/yyyy (spec part 2 §1) and reads
 * what is typed day first, as it is shown.
 */
export function DateField(props: Omit<DateInputProps, "valueFormat" | "dateParser">) {
  const { t } = useTranslation();
  return (
    <DateInput
      valueFormat={displayDateFormat}
      dateParser={parseDisplayDate}
      placeholder={t("common.datePlaceholder")}
      leftSection={<IconCalendar size={16} />}
      {...props}
    />
  );
}
