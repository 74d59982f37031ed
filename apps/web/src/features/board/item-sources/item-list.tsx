import { ActionIcon, Group, Loader, Text, Tooltip } from "@mantine/core";
import { IconChecklist, IconRefresh } from "@tabler/icons-react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { CompletionAnswer, ItemService } from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyListState, LoadingState } from "../../../components/query-states";
import { isApiError } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSignedInUser } from "../../../lib/session";
import type { DropItem } from "../lib/drop-item";
import { useExternalDrag } from "../side-panel/use-external-drag";
import { ItemCard } from "./item-card";
import { ItemProblemState } from "./item-problem";
import classes from "./item-sources.module.css";
import { itemDropItem, itemKey, itemServiceNames, type SourceItem } from "./source-item";

/** The state of the list a source shows: its query's. */
export interface ItemListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A source's cards, draggable onto the board (each a one-hour activity with the service and the item's id), or the
 * list's state: loading, why the service could not be reached, or nothing to show (at all, or with the filters).
 */
export function ItemList({
  service,
  query,
  onRetry,
  items,
  filtered,
  now,
  completion,
}: {
  service: ItemService;
  query: ItemListQuery;
  onRetry: () => void;
  /** The items shown, filtered and sorted. */
  items: readonly SourceItem[];
  /** Whether a filter is on: an empty list then says that nothing matches. */
  filtered: boolean;
  now: number;
  completion?: ItemCompletion;
}) {
  const { t } = useTranslation();
  const name = itemServiceNames[service];
  const dropItems = useMemo(
    () => new Map<string, DropItem>(items.map((item) => [itemKey(item), itemDropItem(item)])),
    [items],
  );
  const listRef = useExternalDrag(dropItems);

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ItemProblemState service={service} error={query.error} onRetry={onRetry} />;
  if (items.length === 0) {
    return (
      <EmptyListState
        icon={IconChecklist}
        title={t("itemSources.empty")}
        description={t(filtered ? "itemSources.emptyFiltered" : "itemSources.emptyDescription", { name })}
      />
    );
  }
  return (
    <ul ref={listRef} aria-label={t("itemSources.list", { name })} className={classes.list}>
      {items.map((item) => (
        <li key={itemKey(item)}>
          <ItemCard
            item={item}
            now={now}
            onComplete={completion ? () => completion.complete(item) : undefined}
            completing={completion?.isCompleting(item.sourceId) ?? false}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The refresh button of a source, and, while a list already shown is asked again, a small loader beside it (the list
 * stays until the new answer comes).
 */
export function RefreshButton({
  fetching,
  pending,
  onRefresh,
}: {
  fetching: boolean;
  pending: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" style={{ flex: "none" }}>
      {fetching && !pending && <Loader size="xs" aria-label={t("itemSources.loading")} />}
      <Tooltip label={t("itemSources.refresh")} withArrow>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={t("itemSources.refresh")}
          disabled={fetching}
          onClick={onRefresh}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Under the filters: on another person's board, whose items these are (the routes act for the signed-in person). */
export function OwnItemsNote({ service, userId }: { service: ItemService; userId: string }): ReactNode {
  const { t } = useTranslation();
  const me = useSignedInUser();
  if (userId === me.uid) return null;
  return (
    <Text size="xs" c="dimmed">
      {t("itemSources.ownItemsOnly", { name: itemServiceNames[service] })}
    </Text>
  );
}

export interface ItemCompletion {
  complete: (item: SourceItem) => void;
  isCompleting: (sourceId: string) => boolean;
}

/**
 * Completing an item where it lives (Todoist's close, Asana's complete), with the spec's toasts (part 1 §8): on
 * success `common.actionExecutedSuccessfully` and the item leaves the list (the mutation drops it from the cache);
 * on a refusal (`{success: false, err}`) or a failed call `common.error`, with the service's words when there are
 * any, and the list is asked again (an item deleted in the service meanwhile goes).
 */
export function useItemCompletion(
  mutation: UseMutationResult<CompletionAnswer, Error, { taskId: string }>,
  refetch: () => void,
): ItemCompletion {
  const { t } = useTranslation();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const failed = (reason: string | null) => {
    notifyError(reason ? { title: t("common.error"), message: reason } : { message: t("common.error") });
    refetch();
  };
  return {
    isCompleting: (sourceId) => pending.has(sourceId),
    complete: (item) => {
      setPending((current) => new Set(current).add(item.sourceId));
      mutation
        .mutateAsync({ taskId: item.sourceId })
        .then(
          (answer) => {
            if (answer.success) notifySuccess({ message: t("common.actionExecutedSuccessfully") });
            else failed(answer.err);
          },
          (error: unknown) => failed(isApiError(error) && error.status !== 0 ? error.ErrorMessage : null),
        )
        .finally(() =>
          setPending((current) => {
            const next = new Set(current);
            next.delete(item.sourceId);
            return next;
          }),
        );
    },
  };
}
