import { signedInLoaders } from "virtual:texts";
import {
  type Icon,
  IconBriefcase,
  IconCalendarDue,
  IconCalendarWeek,
  IconKeyboard,
  IconLanguage,
  IconLayoutSidebarRight,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconSun,
  IconUser,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import {
  calendarDateIn,
  can,
  canStartTimer,
  endOfDayIn,
  type Language,
  languages,
  startOfDayIn,
  type User,
} from "@timetrap/domain";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type NavigateFunction, useLocation, useNavigate } from "react-router";
import { getActiveOrganizationUsersQueryOptions } from "../../api/get-organization-users";
import { getProjectsQueryOptions } from "../../api/get-projects";
import { useTimeBlockingEvents } from "../../api/time-blocking";
import { useTimer } from "../../api/timer";
import { useUpdateUser } from "../../api/update-user";
import { languageNames } from "../../components/language-names";
import { currentLanguage, i18n } from "../../lib/i18n";
import type { TextArea } from "../../lib/i18n-parts";
import { notifyError } from "../../lib/notify";
import { useToggleTimer } from "../board/timer/use-toggle-timer";
import { buildNavigation, type NavEntry, type TranslationKey } from "../shell/navigation";
import { boardLink, boardPlace, ownBoardPlace } from "./board-links";

/** The palette's groups, in the order they are shown when nothing is typed. */
export const paletteGroups = ["pages", "projects", "people", "actions"] as const;
export type PaletteGroup = (typeof paletteGroups)[number];

export interface PaletteItem {
  id: string;
  group: PaletteGroup;
  title: string;
  /** Where the item sits or what it is about (a page's menu group, a project's customer, a block's time). */
  hint?: string;
  /** What the search looks at: the title in each language, and other names of the same thing. */
  names: string[];
  icon: Icon;
  run: () => void;
}

type Texts = Record<string, unknown>;

/**
 * An area's texts in another language, read without switching to it nor adding them to the current texts (which would
 * make a later switch to that language think it had them all). Here, not in lib/i18n.ts: the first load of every
 * screen holds that module.
 */
function textsOfArea(language: Language, area: TextArea): Promise<Texts> {
  return signedInLoaders()
    .then((loaders) => loaders[language][area]())
    .then((texts) => texts.default);
}
type ActionKey = Extract<TranslationKey, `commandPalette.actions.${string}`>;

/** A text of `texts` (one language's area) by its key, with its `{{values}}` filled, or null when it has none. */
function textIn(texts: Texts, key: string, values: Record<string, string> = {}): string | null {
  let node: unknown = texts;
  for (const part of key.split(".")) node = typeof node === "object" && node !== null ? (node as Texts)[part] : null;
  if (typeof node !== "string") return null;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/**
 * The menu's and the palette's texts in the languages the reader is not using, so that "progetti" finds Projects in
 * English. Fetched with the palette; until they come, only the current language is searched.
 */
function useOtherLanguageTexts(): Texts[] {
  const language = currentLanguage();
  const [texts, setTexts] = useState<{ language: Language; texts: Texts[] } | null>(null);
  useEffect(() => {
    let current = true;
    const others = languages.filter((other) => other !== language);
    Promise.all(others.flatMap((other) => [textsOfArea(other, "shell"), textsOfArea(other, "commandPalette")])).then(
      (loaded) => {
        if (current) setTexts({ language, texts: loaded });
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return texts?.language === language ? texts.texts : [];
}

function otherNames(others: Texts[], key: string, values?: Record<string, string>): string[] {
  return others.flatMap((texts) => textIn(texts, key, values) ?? []);
}

/** Every page of the menu the person may open (the sidebar's own list, filtered by the role). */
function pageItems(user: User, t: TFunction, others: Texts[], navigate: NavigateFunction): PaletteItem[] {
  const items: PaletteItem[] = [];
  const walk = (entries: NavEntry[], parents: TranslationKey[]) => {
    for (const entry of entries) {
      if (entry.kind === "group") {
        walk(entry.children, [...parents, entry.label]);
        continue;
      }
      const title = entry.text ?? t(entry.label);
      const titles = [title, ...(entry.text ? [] : otherNames(others, entry.label))];
      // A page is also found by its menu group with its name ("Organization details"); a section's name would match
      // every page under it, except the integrations' "Manage", which says what it is only with its section.
      const parent = parents.length > 1 ? parents.at(-1) : entry.id === "integrations" ? parents[0] : undefined;
      const parentNames = parent ? [t(parent), ...otherNames(others, parent)] : [];
      items.push({
        id: `page-${entry.id}`,
        group: "pages",
        title,
        // The menu groups the page is in ("Organization › People"), or its section when it is in none.
        hint: (parents.length > 1 ? parents.slice(1) : parents).map((key) => t(key)).join(" › "),
        names: [...titles, ...parentNames.flatMap((parentName) => titles.map((name) => `${parentName} ${name}`))],
        icon: entry.icon,
        run: () => navigate(entry.to),
      });
    }
  };
  for (const section of buildNavigation(user)) walk(section.entries, [section.label]);
  return items;
}

/** The hours of a block, as the board's tiles show them. */
function timeRange(start: number, end: number, language: Language): string {
  const format = new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" });
  return `${format.format(start)}–${format.format(end)}`;
}

/**
 * What the palette offers the signed-in person: the menu's pages, the projects they may see, the people whose boards
 * they may read (with `read team`), and the actions on their board.
 */
export function usePaletteItems(user: User, enabled: boolean): { items: PaletteItem[]; loading: boolean } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const others = useOtherLanguageTexts();
  const language = currentLanguage();
  const orgId = user.organization?.uid ?? "";
  const pages = useMemo(() => pageItems(user, t, others, navigate), [user, t, others, navigate]);
  // The projects only for someone whose menu has the projects list: the palette offers no page the menu hides.
  const mayOpenProjects = pages.some((page) => page.id === "page-projects");
  const mayReadTeam = can(user.role, "read", "team") && orgId !== "";

  const projects = useQuery({ ...getProjectsQueryOptions(orgId), enabled: enabled && mayOpenProjects });
  const people = useQuery({ ...getActiveOrganizationUsersQueryOptions(orgId), enabled: enabled && mayReadTeam });

  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  // Today's blocks, for the timer: one query per calendar day, whatever the millisecond the palette draws at.
  const dayStart = startOfDayIn(Date.now(), timeZone);
  const dayEnd = endOfDayIn(Date.now(), timeZone) + 1;
  const today = useMemo(() => ({ start: dayStart, end: dayEnd }), [dayStart, dayEnd]);
  const todaysBlocks = useTimeBlockingEvents(user.uid, enabled ? today : null);
  const running = useTimer(user.uid, { enabled }).data ?? null;
  const timer = useToggleTimer(user.uid);
  const updateUser = useUpdateUser();

  const items: PaletteItem[] = [...pages];

  for (const project of projects.data ?? []) {
    items.push({
      id: `project-${project.uid}`,
      group: "projects",
      title: project.title,
      hint: project.customer?.nominative ?? undefined,
      names: [project.title, ...(project.external_reference ? [project.external_reference] : [])],
      icon: IconBriefcase,
      run: () => navigate(`/user/${encodeURIComponent(user.uid)}/projects/${encodeURIComponent(project.uid)}`),
    });
  }

  for (const person of mayReadTeam ? (people.data ?? []) : []) {
    items.push({
      id: `person-${person.uid}`,
      group: "people",
      title: person.nominative,
      hint: t("commandPalette.people.board"),
      names: [person.nominative, person.email],
      icon: IconUser,
      run: () => navigate(`/user/${encodeURIComponent(person.uid)}/board`),
    });
  }

  const action = (
    id: string,
    key: ActionKey,
    icon: Icon,
    run: () => void,
    options: { title?: string; values?: Record<string, string>; hint?: string } = {},
  ) => {
    // A title with values comes translated by the caller, its key written out (the texts' build finds keys so).
    const title = options.title ?? t(key);
    items.push({
      id: `action-${id}`,
      group: "actions",
      title,
      hint: options.hint,
      names: [title, ...otherNames(others, key, options.values)],
      icon,
      run,
    });
  };

  const board = boardPlace(location.pathname, location.search, user.uid);
  const own = ownBoardPlace(location.pathname, location.search, user.uid);
  action("new-block", "commandPalette.actions.newBlock", IconPlus, () => navigate(boardLink(own, { do: "new-block" })));

  const untitled = t("commandPalette.actions.untitled");
  if (running) {
    const values = { title: running.event.title || untitled };
    action("stop-timer", "commandPalette.actions.stopTimer", IconPlayerStop, () => timer.toggle(running.event), {
      title: t("commandPalette.actions.stopTimer", values),
      values,
    });
  }
  const endOfToday = today.end - 1;
  for (const block of todaysBlocks.data ?? []) {
    if (running && running.event.id === block.id) continue;
    if (!canStartTimer(block, { running: false, endOfToday })) continue;
    const values = { title: block.title || untitled };
    action(
      `start-timer-${block.id}-${block.start_time}`,
      "commandPalette.actions.startTimer",
      IconPlayerPlay,
      () => timer.toggle(block),
      {
        title: t("commandPalette.actions.startTimer", values),
        values,
        hint: timeRange(block.start_time, block.end_time, language),
      },
    );
  }

  action("week-view", "commandPalette.actions.weekView", IconCalendarWeek, () =>
    navigate(boardLink(board, { view: "week" })),
  );
  action("day-view", "commandPalette.actions.dayView", IconCalendarDue, () =>
    navigate(boardLink(board, { view: "day" })),
  );
  action("today", "commandPalette.actions.today", IconSun, () =>
    navigate(boardLink(board, { date: calendarDateIn(Date.now(), timeZone) })),
  );
  const panelOpen = board.onBoard && board.search.has("panel");
  action(
    "side-panel",
    panelOpen ? "commandPalette.actions.hideSidePanel" : "commandPalette.actions.showSidePanel",
    IconLayoutSidebarRight,
    () => navigate(boardLink(board, { panel: panelOpen ? null : "tasks" })),
  );
  action("shortcuts", "commandPalette.actions.shortcuts", IconKeyboard, () =>
    navigate(boardLink(board, { do: "shortcuts" })),
  );
  for (const other of languages.filter((candidate) => candidate !== language)) {
    // Saved on the person, as the profile does, and applied as the language menu does.
    action(
      `language-${other}`,
      "commandPalette.actions.language",
      IconLanguage,
      () =>
        updateUser.mutate(
          { userId: user.uid, data: { language: other } },
          {
            onSuccess: () => void i18n.changeLanguage(other),
            onError: (error) => {
              console.error(error);
              notifyError({ message: t("common.error") });
            },
          },
        ),
      {
        title: t("commandPalette.actions.language", { language: languageNames[other] }),
        values: { language: languageNames[other] },
      },
    );
  }

  return { items, loading: projects.isLoading || people.isLoading };
}
