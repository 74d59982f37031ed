import { Button } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { type ComponentProps, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../lib/i18n";
import { lazyComponent } from "../lib/lazy-component";
import { languageNames } from "./language-names";

// The menu (Mantine's Menu, its popover and floating positioning) is fetched when first opened, or when the pointer or
// the focus comes to the button: the signed-out screens draw without it (decision 016).
const LanguageMenuDropdown = lazyComponent(() =>
  import("./language-menu-dropdown").then((module) => module.LanguageMenuDropdown),
);
const preload = () => {
  LanguageMenuDropdown.preload().catch(() => {});
};

/** The interface language for pages outside the shell (sign-in, public documents): changes only this browser. */
export function LanguageMenu() {
  const { t } = useTranslation();
  // Once the menu's code is here the real menu is drawn; before, a button that looks the same fetches it on a click.
  const [clicked, setClicked] = useState(false);
  const button = (props: ComponentProps<"button">) => (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLanguage size={18} />}
      aria-label={t("common.language")}
      {...props}
    >
      {languageNames[currentLanguage()]}
    </Button>
  );
  const placeholder = button({
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setClicked(true),
  });
  if (!clicked && !LanguageMenuDropdown.isLoaded()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenuDropdown target={button({})} openOnMount={clicked} />
    </Suspense>
  );
}
