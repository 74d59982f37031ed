import { Tooltip, UnstyledButton } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./search-button.module.css";

/** The keys that open the command palette, as this keyboard writes them. */
function shortcutLabel(): { text: string; aria: string } {
  return /Mac|iPhone|iPad/.test(navigator.platform)
    ? { text: "⌘K", aria: "Meta+K" }
    : { text: "Ctrl K", aria: "Control+K" };
}

/** The command palette's entry for the pointer (issue 21); the keyboard opens it with Ctrl+K or ⌘K on any page. */
export function SearchButton({ collapsed, onClick }: { collapsed: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  const shortcut = shortcutLabel();
  const label = t("components.sidebar.search");
  if (collapsed) {
    return (
      <Tooltip label={`${label} ${shortcut.text}`} position="right">
        <UnstyledButton className={classes.icon} onClick={onClick} aria-label={label} aria-keyshortcuts={shortcut.aria}>
          <IconSearch size={18} stroke={1.7} />
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    <UnstyledButton className={classes.button} onClick={onClick} aria-keyshortcuts={shortcut.aria}>
      <IconSearch size={15} stroke={1.8} aria-hidden />
      <span className={classes.label}>{label}</span>
      <kbd className={classes.keys}>{shortcut.text}</kbd>
    </UnstyledButton>
  );
}
