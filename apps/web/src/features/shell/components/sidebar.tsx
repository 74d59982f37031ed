import {
  ActionIcon,
  Anchor,
  AppShell,
  Avatar,
  Box,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  IconDotsVertical,
  IconHelpCircle,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconUserCircle,
} from "@tabler/icons-react";
import type { User } from "@timetrap/domain";
import { Fragment, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Logo } from "../../../components/logo";
import {
  buildNavigation,
  flattenNavigation,
  type NavEntry,
  type NavGroupEntry,
  type NavLinkEntry,
} from "../navigation";
import { SearchButton } from "./search-button";
import classes from "./sidebar.module.css";

export interface SidebarProps {
  user: User;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  version: string | undefined;
  knowledgeBaseUrl: string | undefined;
  onOpenChangelog: () => void;
  onLogout: () => void;
  /** Opens the command palette. */
  onOpenSearch: () => void;
}

function useActive() {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  return (entry: NavEntry): boolean =>
    flattenNavigation([entry]).some((leaf) => leaf.isActive(location.pathname, search));
}

function ExpandedEntry({
  entry,
  isActive,
  depth = 0,
}: {
  entry: NavEntry;
  isActive: (entry: NavEntry) => boolean;
  depth?: number;
}) {
  const { t } = useTranslation();
  const Icon = entry.icon;
  const label = entry.kind === "link" && entry.text ? entry.text : t(entry.label);
  // Deeper levels get smaller icons, then none, so the labels keep room in 200 px.
  const icon = depth < 2 ? <Icon size={depth === 0 ? 18 : 16} stroke={1.7} /> : undefined;
  const classNames = {
    root: depth === 0 ? classes.navLink : classes.navLinkNested,
    label: classes.navLinkLabel,
    section: classes.navLinkSection,
  };
  if (entry.kind === "link") {
    return (
      <NavLink
        component={Link}
        to={entry.to}
        label={label}
        leftSection={icon}
        active={isActive(entry)}
        classNames={classNames}
      />
    );
  }
  return (
    <ExpandedGroup entry={entry} label={label} icon={icon} classNames={classNames} isActive={isActive} depth={depth} />
  );
}

/**
 * A group of the menu: a button (reachable by Tab, opened by Enter or Space) that says whether it is open; it starts
 * open when one of its pages is the current one.
 */
function ExpandedGroup({
  entry,
  label,
  icon,
  classNames,
  isActive,
  depth,
}: {
  entry: NavGroupEntry;
  label: string;
  icon: ReactNode;
  classNames: Record<"root" | "label" | "section", string | undefined>;
  isActive: (entry: NavEntry) => boolean;
  depth: number;
}) {
  const [opened, setOpened] = useState(() => isActive(entry));
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={depth === 0 ? 8 : 12}
      classNames={classNames}
    >
      {entry.children.map((child) => (
        <ExpandedEntry key={child.id} entry={child} isActive={isActive} depth={depth + 1} />
      ))}
    </NavLink>
  );
}

function CollapsedMenuItems({ entries }: { entries: NavEntry[] }) {
  const { t } = useTranslation();
  return entries.map((entry) => {
    if (entry.kind === "group") {
      return (
        <Fragment key={entry.id}>
          <Menu.Label>{t(entry.label)}</Menu.Label>
          <CollapsedMenuItems entries={entry.children} />
        </Fragment>
      );
    }
    const Icon = entry.icon;
    return (
      <Menu.Item key={entry.id} component={Link} to={entry.to} leftSection={<Icon size={16} stroke={1.7} />}>
        {entry.text ?? t(entry.label)}
      </Menu.Item>
    );
  });
}

function CollapsedEntry({ entry, isActive }: { entry: NavEntry; isActive: (entry: NavEntry) => boolean }) {
  const { t } = useTranslation();
  const Icon = entry.icon;
  const label = entry.kind === "link" && entry.text ? entry.text : t(entry.label);
  const active = isActive(entry);
  if (entry.kind === "link") {
    return (
      <Tooltip label={label} position="right" withArrow>
        <UnstyledButton
          component={Link}
          to={(entry as NavLinkEntry).to}
          className={classes.iconLink}
          data-active={active || undefined}
          aria-label={label}
          aria-current={active ? "page" : undefined}
        >
          <Icon size={20} stroke={1.7} />
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    <Menu position="right-start" trigger="click-hover" offset={8} shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton className={classes.iconLink} data-active={active || undefined} aria-label={label}>
          <Icon size={20} stroke={1.7} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <CollapsedMenuItems entries={entry.children} />
      </Menu.Dropdown>
    </Menu>
  );
}

function ProfileMenuItems({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Menu.Item component={Link} to={`/user/${user.uid}/profile`} leftSection={<IconUserCircle size={16} />}>
        {t("menu.profile")}
      </Menu.Item>
      <Menu.Divider />
      {/* A shade, not "red": Mantine writes a named colour's menu item in its light shade 6 (3.3:1 on white). */}
      <Menu.Item color="red.8" leftSection={<IconLogout size={16} />} onClick={onLogout}>
        {t("menu.logout")}
      </Menu.Item>
    </>
  );
}

/** The version label of the footer; it opens the changelog. */
function VersionButton({ version, onClick }: { version: string | undefined; onClick: () => void }) {
  const { t } = useTranslation();
  if (!version) return null;
  return (
    <UnstyledButton
      className={classes.version}
      onClick={onClick}
      aria-label={t("components.sidebar.openChangelog", { version })}
    >
      v{version}
    </UnstyledButton>
  );
}

export function Sidebar({
  user,
  collapsed,
  onToggleCollapsed,
  version,
  knowledgeBaseUrl,
  onOpenChangelog,
  onLogout,
  onOpenSearch,
}: SidebarProps) {
  const { t } = useTranslation();
  const isActive = useActive();
  const sections = buildNavigation(user);
  const initial = user.nominative.trim().charAt(0).toUpperCase() || "?";

  return (
    <AppShell.Navbar className={classes.navbar} p={collapsed ? 6 : 8} aria-label={t("components.sidebar.label")}>
      <AppShell.Section>
        {collapsed ? (
          <Stack align="center" gap={6} py={6}>
            <Logo compact />
            <Tooltip label={t("components.sidebar.expand")} position="right">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={onToggleCollapsed}
                aria-label={t("components.sidebar.expand")}
              >
                <IconLayoutSidebarLeftExpand size={18} />
              </ActionIcon>
            </Tooltip>
          </Stack>
        ) : (
          <Group justify="space-between" wrap="nowrap" px={4} py={6}>
            <Logo />
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onToggleCollapsed}
              aria-label={t("components.sidebar.collapse")}
            >
              <IconLayoutSidebarLeftCollapse size={18} />
            </ActionIcon>
          </Group>
        )}
        <Box px={collapsed ? 0 : 4} pt={collapsed ? 0 : 4}>
          <SearchButton collapsed={collapsed} onClick={onOpenSearch} />
        </Box>
      </AppShell.Section>

      <AppShell.Section grow component={ScrollArea} scrollbarSize={6} mt={4}>
        {sections.map((section) =>
          collapsed ? (
            <Box key={section.id} role="group" aria-label={t(section.label)}>
              <Divider my={8} mx={8} />
              {section.entries.map((entry) => (
                <CollapsedEntry key={entry.id} entry={entry} isActive={isActive} />
              ))}
            </Box>
          ) : (
            <Box key={section.id} role="group" aria-label={t(section.label)}>
              <Text className={classes.sectionLabel}>{t(section.label)}</Text>
              {section.entries.map((entry) => (
                <ExpandedEntry key={entry.id} entry={entry} isActive={isActive} />
              ))}
            </Box>
          ),
        )}
      </AppShell.Section>

      <AppShell.Section>
        <Divider mb="xs" />
        {collapsed ? (
          <Stack align="center" gap={4} pb={4}>
            {knowledgeBaseUrl && (
              <Tooltip label={t("components.sidebar.knowledgeBase")} position="right">
                <ActionIcon
                  component="a"
                  href={knowledgeBaseUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  color="gray"
                  aria-label={t("components.sidebar.knowledgeBase")}
                >
                  <IconHelpCircle size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Menu position="right-end" shadow="md" width={200}>
              <Menu.Target>
                <UnstyledButton aria-label={t("components.sidebar.profileMenu")}>
                  <Avatar color="indigo" radius="xl" size={34}>
                    {initial}
                  </Avatar>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.nominative}</Menu.Label>
                <ProfileMenuItems user={user} onLogout={onLogout} />
              </Menu.Dropdown>
            </Menu>
            <VersionButton version={version} onClick={onOpenChangelog} />
          </Stack>
        ) : (
          <Stack gap={8} px={4} pb={4}>
            <Group gap={8} wrap="nowrap">
              <Avatar color="indigo" radius="xl" size={30}>
                {initial}
              </Avatar>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={`/user/${user.uid}/profile`}
                  className={classes.userName}
                  title={user.nominative}
                >
                  {user.nominative}
                </Anchor>
                {user.organization && (
                  <Text size="xs" c="dimmed" truncate>
                    {user.organization.name}
                  </Text>
                )}
              </Box>
              <Menu position="top-end" shadow="md" width={200}>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={t("components.sidebar.profileMenu")}>
                    <IconDotsVertical size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <ProfileMenuItems user={user} onLogout={onLogout} />
                </Menu.Dropdown>
              </Menu>
            </Group>
            <Group justify="space-between" wrap="nowrap" gap={4}>
              {knowledgeBaseUrl ? (
                <Anchor
                  href={knowledgeBaseUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="xs"
                  c="dimmed"
                  style={{ display: "inline-flex", alignItems: "center", gap: 4, whiteSpace: "nowrap" }}
                >
                  <IconHelpCircle size={14} />
                  {t("components.sidebar.knowledgeBase")}
                </Anchor>
              ) : (
                <span />
              )}
              <VersionButton version={version} onClick={onOpenChangelog} />
            </Group>
          </Stack>
        )}
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
