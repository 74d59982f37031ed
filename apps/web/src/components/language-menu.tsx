import { Button, Menu } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { languages } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../lib/i18n";
import { languageNames } from "./language-select";

/** The interface language for pages outside the shell (sign-in, public documents): changes only this browser. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} />}
          aria-label={t("common.language")}
        >
          {languageNames[active]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            onClick={() => void i18n.changeLanguage(language)}
            rightSection={language === active ? <IconCheck size={16} /> : null}
          >
            {languageNames[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
