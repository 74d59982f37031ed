import { Alert, Button, Center, EmptyState, Loader, Paper } from "@mantine/core";
import { IconAlertCircle, type TablerIcon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../lib/api-client";

/** What a screen shows while its data is on the way. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <Center py={48} role="status" aria-label={t("common.loading")}>
      <Loader type="dots" />
    </Center>
  );
}

/**
 * A failed load: the server's words when it gave any, and a way to try again. A network failure has no words
 * of the server (status 0), and the browser's own ("Failed to fetch") would tell the reader nothing.
 */
export function LoadErrorState({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  /** What could not be loaded; the common error title without it. */
  title?: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title ?? t("common.error")}>
      {isApiError(error) && error.status !== 0 && <div>{error.ErrorMessage}</div>}
      <Button variant="light" color="red" size="xs" mt="sm" onClick={onRetry}>
        {t("queryState.retry")}
      </Button>
    </Alert>
  );
}

export interface EmptyListStateProps {
  /** Drawn at the size every empty state shares. */
  icon: TablerIcon;
  title: string;
  description?: string;
  /** The way out of the empty list, usually the button that adds the first item. */
  action?: ReactNode;
  /** Framed in a card of its own, where the list would otherwise have stood in one; bare inside a card. */
  framed?: boolean;
}

/** A list with nothing in it: what is missing, why, and what to do about it. */
export function EmptyListState({ icon: Icon, title, description, action, framed = false }: EmptyListStateProps) {
  const state = (
    <EmptyState
      py="xl"
      px="md"
      withIndicatorBackground
      icon={<Icon size={28} stroke={1.6} />}
      title={title}
      description={description}
    >
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
  if (!framed) return state;
  return (
    <Paper withBorder radius="lg" py="xl">
      {state}
    </Paper>
  );
}
