import { Kbd, Loader, Modal, Text, VisuallyHidden } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { rankByFuzzyMatch } from "@timetrap/domain";
import { type KeyboardEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSignedInUser } from "../../../lib/session";
import { type PaletteGroup, type PaletteItem, paletteGroups, usePaletteItems } from "../use-palette-items";
import classes from "./command-palette.module.css";

/** How many items a group shows: every page and action but a few projects and people until something is typed. */
function groupLimit(group: PaletteGroup, query: string): number {
  if (query.trim() !== "") return 8;
  return group === "projects" || group === "people" ? 5 : Number.POSITIVE_INFINITY;
}

const groupHeadings = {
  pages: "commandPalette.groups.pages",
  projects: "commandPalette.groups.projects",
  people: "commandPalette.groups.people",
  actions: "commandPalette.groups.actions",
} as const satisfies Record<PaletteGroup, string>;

interface ShownGroup {
  group: PaletteGroup;
  items: PaletteItem[];
}

/**
 * The groups to show for `query`: each group's items best first; the groups in their usual order until something is
 * typed, then the group with the best match first, so that the first option is the best one.
 */
function shownGroups(items: PaletteItem[], query: string): ShownGroup[] {
  const ranked = rankByFuzzyMatch(query, items, (item) => item.names);
  const groups = paletteGroups.map((group) => {
    const inGroup = ranked.filter(({ item }) => item.group === group).slice(0, groupLimit(group, query));
    return { group, items: inGroup.map(({ item }) => item), best: inGroup[0]?.score ?? -1 };
  });
  return groups
    .filter(({ items }) => items.length > 0)
    .sort((a, b) => (query.trim() === "" ? 0 : b.best - a.best))
    .map(({ group, items }) => ({ group, items }));
}

/**
 * The command palette (issue 21): a search field that is a combobox over a listbox of pages, projects, people and
 * actions, grouped; the arrows, Home and End move through the options, Enter runs one, Escape closes, and a polite live
 * region says how many there are.
 */
export function CommandPalette({
  opened,
  onClose,
  opener,
}: {
  opened: boolean;
  onClose: () => void;
  /** Where the focus was when the palette opened: it goes back there when the palette closes. */
  opener: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const content = useRef<HTMLDivElement>(null);
  const { items, loading } = usePaletteItems(user, opened);

  const groups = useMemo(() => shownGroups(items, query), [items, query]);
  const options = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  // A fresh search each time the palette opens. Once closed (Escape, Ctrl+K again, an option run), the focus goes back
  // to where the person was, unless what the palette ran took it elsewhere (a confirmation dialog).
  const wasOpened = useRef(opened);
  useEffect(() => {
    if (opened) {
      setQuery("");
      setActive(0);
    } else if (wasOpened.current) {
      setTimeout(() => {
        const focused = document.activeElement;
        const lost = !focused || focused === document.body || content.current?.contains(focused);
        if (lost && opener.current?.isConnected) opener.current.focus();
      });
    }
    wasOpened.current = opened;
  }, [opened, opener]);

  // The active option stays in sight as the arrows move it.
  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: "nearest" });
  });

  const run = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    item.run();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (activeIndex >= last ? 0 : activeIndex + 1),
      ArrowUp: () => (activeIndex <= 0 ? last : activeIndex - 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (move) {
      if (options.length === 0) return;
      event.preventDefault();
      setActive(move());
    } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      run(options[activeIndex]);
    }
  };

  const resultCount = (count: number) => {
    if (count === 0) return t("commandPalette.status.empty");
    return count === 1 ? t("commandPalette.status.one") : t("commandPalette.status.many", { count });
  };

  let index = -1;
  return (
    <Modal.Root opened={opened} onClose={onClose} size="lg" yOffset="12vh" returnFocus={false}>
      <Modal.Overlay backgroundOpacity={0.35} blur={2} />
      <Modal.Content ref={content} aria-label={t("commandPalette.dialog")} radius="lg" className={classes.content}>
        <div className={classes.search}>
          <IconSearch size={20} stroke={1.7} className={classes.searchIcon} aria-hidden />
          <input
            data-autofocus
            className={classes.input}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder={t("commandPalette.placeholder")}
            aria-label={t("commandPalette.label")}
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            spellCheck={false}
          />
          {loading && <Loader size={16} aria-hidden />}
        </div>
        <div role="listbox" id={listId} aria-label={t("commandPalette.results")} className={classes.list}>
          {groups.map(({ group, items: groupItems }) => (
            // A listbox holds options or groups of them; a fieldset is a form's group, not a listbox's.
            // biome-ignore lint/a11y/useSemanticElements: ARIA's listbox group
            <div key={group} role="group" aria-labelledby={`${id}-${group}`} className={classes.group}>
              <div id={`${id}-${group}`} className={classes.heading}>
                {t(groupHeadings[group])}
              </div>
              {groupItems.map((item) => {
                index += 1;
                const itemIndex = index;
                const Icon = item.icon;
                return (
                  // The focus stays in the search field (aria-activedescendant): the options are chosen by pointer
                  // there, by keyboard from the field.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the search field handles the keys of every option
                  <div
                    key={item.id}
                    id={optionId(itemIndex)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={itemIndex === activeIndex}
                    data-active={itemIndex === activeIndex || undefined}
                    className={classes.option}
                    onMouseMove={() => {
                      if (itemIndex !== activeIndex) setActive(itemIndex);
                    }}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => run(item)}
                  >
                    <Icon size={18} stroke={1.7} className={classes.optionIcon} aria-hidden />
                    <span className={classes.optionTitle}>{item.title}</span>
                    {item.hint && <span className={classes.optionHint}>{item.hint}</span>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {options.length === 0 && (
          <Text className={classes.empty}>{t("commandPalette.status.none", { query: query.trim() })}</Text>
        )}
        <div className={classes.footer} aria-hidden>
          <span>
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> {t("commandPalette.footer.move")}
          </span>
          <span>
            <Kbd size="xs">↵</Kbd> {t("commandPalette.footer.run")}
          </span>
          <span>
            <Kbd size="xs">Esc</Kbd> {t("commandPalette.footer.close")}
          </span>
        </div>
        <VisuallyHidden role="status" aria-live="polite" aria-atomic>
          {opened ? resultCount(options.length) : ""}
        </VisuallyHidden>
      </Modal.Content>
    </Modal.Root>
  );
}
