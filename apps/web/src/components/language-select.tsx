import { Select, type SelectProps } from "@mantine/core";
import { type Language, languages } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { languageNames } from "./language-names";

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
