import { Menu } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { languages } from "@timetrap/domain";
import { type ReactElement, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../lib/i18n";
import { languageNames } from "./language-names";

/** The language menu itself: fetched when the visitor first opens it (language-menu.tsx). */
export function LanguageMenuDropdown({ target, openOnMount }: { target: ReactElement; openOnMount: boolean }) {
  const { i18n } = useTranslation();
  const active = currentLanguage();
  // Drawn because the visitor clicked the button before it had come: it opens once drawn, after the events of that
  // click are over. The code may arrive between the press and the click (it is fetched as the pointer comes), and the
  // click would then reach this menu's button and toggle it shut again.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!openOnMount) return;
    const timer = setTimeout(() => setOpened(true));
    return () => clearTimeout(timer);
  }, [openOnMount]);
  return (
    <Menu position="bottom-end" shadow="md" width={160} opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
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
