import { Select, type SelectProps } from "@mantine/core";
import { type Language, languages } from "@timetrap/domain";
import { useTranslation } from "react-i18next";

/** Each language is named in itself, so a reader finds theirs whatever the interface language. */
export const languageNames: Record<Language, string> = { it: "Italiano", en: "English" };

export function LanguageSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, "data" | "value" | "onChange"> & { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t("common.language")}
      allowDeselect={false}
      {...props}
      data={languages.map((language) => ({ value: language, label: languageNames[language] }))}
      value={value}
      onChange={(next) => {
        if (next === "it" || next === "en") onChange(next);
      }}
    />
  );
}
