import { Alert, Badge, Box, Button, Group, Paper, Switch, Text, ThemeIcon } from "@mantine/core";
import {
  IconAlertTriangle,
  IconBrandAsana,
  IconBrandGoogle,
  IconBrandJira,
  IconBriefcase,
  IconChecklist,
  IconRefresh,
  type TablerIcon,
} from "@tabler/icons-react";
import {
  type IntegrationService,
  type IntegrationServiceState,
  type ItemService,
  isItemService,
} from "@timetrap/domain";
import type { ParseKeys } from "i18next";
import { type CSSProperties, useId } from "react";
import { useTranslation } from "react-i18next";
import type { IntegrationMode, IntegrationView } from "../lib/integration-view";

/**
 * Each service's name (the same in both languages), look and what it brings. The names are the sidebar's too
 * (features/shell/navigation.ts), which the shell keeps for itself so as not to tie its chunk to this page's.
 */
const services: Record<IntegrationService, { name: string; icon: TablerIcon; color: string; description: ParseKeys }> =
  {
    gcalendar: {
      name: "Google Calendar",
      icon: IconBrandGoogle,
      color: "blue",
      description: "integrations.services.gcalendar",
    },
    todoist: { name: "Todoist", icon: IconChecklist, color: "red", description: "integrations.services.todoist" },
    asana: { name: "Asana", icon: IconBrandAsana, color: "pink", description: "integrations.services.asana" },
    paymo: { name: "Paymo", icon: IconBriefcase, color: "orange", description: "integrations.services.paymo" },
    jira: { name: "Jira", icon: IconBrandJira, color: "indigo", description: "integrations.services.jira" },
  };

// Plain colour names: the theme darkens a light badge's words until they read on its tint (decision 017).
const statusBadges: Record<IntegrationMode | "needs_reconnect", { label: ParseKeys; color: string }> = {
  always_on: { label: "integrations.status.connected", color: "teal" },
  connected: { label: "integrations.status.connected", color: "teal" },
  needs_reconnect: { label: "integrations.status.needsReconnect", color: "orange" },
  available: { label: "integrations.status.notConnected", color: "gray" },
  plan_blocked: { label: "integrations.status.notConnected", color: "gray" },
  not_configured: { label: "integrations.status.notConfigured", color: "gray" },
  coming_soon: { label: "integrations.status.comingSoon", color: "indigo" },
};

/** What writing time back leaves in each tool (decision 032). */
const writeBackDescriptions: Record<ItemService, ParseKeys> = {
  todoist: "integrations.writeBack.todoist",
  asana: "integrations.writeBack.asana",
  paymo: "integrations.writeBack.paymo",
  jira: "integrations.writeBack.jira",
};

/**
 * The words that the plan's integrations are used up: orange as a warning, darker than the palette's darkest orange
 * (4.3:1 on white), so that they read at the 4.5:1 of small text on the page's white and grey.
 */
export const planWarningColor = "color-mix(in srgb, var(--mantine-color-orange-9) 80%, black)";

/** A toggle on that may not be turned off reads as on, in a quieter shade, rather than as Mantine's grey disabled one. */
const lockedOn = { "--switch-disabled-color": "var(--mantine-primary-color-3)" } as CSSProperties;

/** dd/MM/yyyy (spec §5), in the browser's zone. */
const connectedOn = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric" });

export function serviceName(service: IntegrationService | null, fallback: string): string {
  return service ? services[service].name : fallback;
}

export interface IntegrationRowProps {
  state: IntegrationServiceState;
  view: IntegrationView;
  /** The plan's unit, for the words of a greyed toggle: none allowed at all, or all in use. */
  planAllowsNone: boolean;
  /** A connection or disconnection of this service is on its way. */
  busy: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
  /** A change of the write-back switch is on its way. */
  writeBackBusy: boolean;
  onWriteBackChange: (on: boolean) => void;
}

/** One service of the integrations page: its name, what it brings, its state, and its toggle. */
export function IntegrationRow({
  state,
  view,
  planAllowsNone,
  busy,
  onConnect,
  onDisconnect,
  writeBackBusy,
  onWriteBackChange,
}: IntegrationRowProps) {
  const { t } = useTranslation();
  const detailId = useId();
  const look = services[state.service];
  const name = look.name;
  const badge = statusBadges[view.needsReconnect ? "needs_reconnect" : view.mode];
  const integration = state.integration;
  // A redirect service connects again through its consent page, a credentials service through its modal.
  const canReconnect = state.available;

  let detail: string | null = null;
  switch (view.mode) {
    case "always_on":
      detail = t("integrations.detail.alwaysOn");
      break;
    case "connected":
      // Jira is connected on a site of the person's: it says which.
      detail =
        integration?.metadata.account_email && integration.metadata.domain
          ? t("integrations.detail.accountOnSite", {
              email: integration.metadata.account_email,
              site: integration.metadata.domain,
            })
          : integration?.metadata.account_email
            ? t("integrations.detail.account", { email: integration.metadata.account_email })
            : t("integrations.detail.connectedOn", { date: connectedOn.format(integration?.created_at ?? 0) });
      break;
    case "not_configured":
      detail = t("integrations.detail.notConfigured", { service: name });
      break;
    case "coming_soon":
      detail = t("integrations.detail.comingSoon");
      break;
    case "plan_blocked":
      detail = planAllowsNone
        ? t("integrations.detail.planExcluded")
        : t("integrations.detail.planBlocked", { service: name });
      break;
    case "available":
      break;
  }

  return (
    <Paper withBorder radius="lg" p="md" data-testid={`integration-${state.service}`}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        {/* Left out on a phone, where the words need the width. */}
        <ThemeIcon size={40} radius="md" variant="light" color={look.color} aria-hidden visibleFrom="xs">
          <look.icon size={22} stroke={1.7} />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{name}</Text>
            <Badge variant="light" color={badge.color} size="sm" radius="sm">
              {t(badge.label)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={2}>
            {t(look.description)}
          </Text>
          {detail && (
            <Text
              id={detailId}
              size="sm"
              mt={6}
              c={view.mode === "plan_blocked" ? planWarningColor : undefined}
              style={{ overflowWrap: "anywhere" }}
            >
              {detail}
            </Text>
          )}
          {integration?.last_error && !view.needsReconnect && (
            <Text size="xs" c="dimmed" mt={4}>
              {t("integrations.detail.lastError", { error: integration.last_error })}
            </Text>
          )}
          {integration && isItemService(state.service) && (
            <Switch
              mt="sm"
              size="sm"
              label={t("integrations.writeBack.label", { service: name })}
              // The label wraps the description too: the switch is named by its label alone, described by the rest.
              aria-label={t("integrations.writeBack.label", { service: name })}
              description={t(writeBackDescriptions[state.service])}
              checked={integration.write_back}
              disabled={writeBackBusy || busy}
              onChange={(event) => onWriteBackChange(event.currentTarget.checked)}
            />
          )}
        </Box>
        <Switch
          size="md"
          mt={8}
          style={view.mode === "always_on" ? lockedOn : undefined}
          checked={view.checked}
          disabled={view.disabled || busy}
          onChange={(event) => (event.currentTarget.checked ? onConnect() : onDisconnect())}
          aria-label={t("integrations.toggle", { service: name })}
          aria-describedby={detail ? detailId : undefined}
        />
      </Group>
      {view.needsReconnect && (
        <Alert
          mt="md"
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t("integrations.reconnect.title", { service: name })}
        >
          <Text size="sm">{t("integrations.reconnect.description", { service: name })}</Text>
          {integration?.last_error && (
            <Text size="sm" mt={4}>
              {t("integrations.detail.lastError", { error: integration.last_error })}
            </Text>
          )}
          {canReconnect && (
            <Button
              mt="sm"
              size="xs"
              color="orange"
              leftSection={<IconRefresh size={14} />}
              loading={busy}
              onClick={onConnect}
            >
              {t("integrations.reconnect.action")}
            </Button>
          )}
        </Alert>
      )}
    </Paper>
  );
}
