import { Group, ScrollArea, Select, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useJiraTasks } from "../../../api/jira";
import { IssueTypeIcon } from "./issue-type-icon";
import { filterByIssueType, issueTypesOf } from "./item-filters";
import { ItemList, OwnItemsNote, RefreshButton } from "./item-list";
import { ItemProblemState, isConnectionProblem } from "./item-problem";
import { jiraItems } from "./source-item";

/** The type selector's first option; a type's value is its name after a prefix, so none can be taken for it. */
const allTypes = "all";
const typeValue = "type:";

/**
 * Spec part 1 §2 "Side panel", jira: the person's open issues (assigned to them, not done) as cards to drag onto the
 * board, filtered by issue type (each drawn with its type's icon), and a refresh button. The issues keep Jira's order
 * (the most recently updated first).
 */
export function JiraSource({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const tasks = useJiraTasks();
  const refetch = () => void tasks.refetch();
  const [chosenType, setChosenType] = useState<string | null>(null);

  const items = useMemo(() => jiraItems(tasks.data ?? []), [tasks.data]);
  const types = useMemo(() => issueTypesOf(items, i18n.language), [items, i18n.language]);
  // A type no listed issue has any more (a refresh) leaves the filter.
  const typeName = chosenType !== null && types.includes(chosenType) ? chosenType : null;
  const shown = filterByIssueType(items, typeName);

  if (tasks.isError && isConnectionProblem(tasks.error)) {
    return <ItemProblemState service="jira" error={tasks.error} onRetry={refetch} />;
  }

  return (
    <Stack gap="sm" h="100%" mih={0}>
      <Group gap="xs" wrap="nowrap">
        <Select
          size="xs"
          flex={1}
          aria-label={t("itemSources.filter.issueType")}
          data={[
            { value: allTypes, label: t("itemSources.filter.allTypes") },
            ...types.map((name) => ({ value: `${typeValue}${name}`, label: name })),
          ]}
          value={typeName === null ? allTypes : `${typeValue}${typeName}`}
          onChange={(value) => setChosenType(value?.startsWith(typeValue) ? value.slice(typeValue.length) : null)}
          allowDeselect={false}
          disabled={!tasks.data}
          leftSection={typeName ? <IssueTypeIcon name={typeName} size={14} /> : undefined}
          renderOption={({ option }) => (
            <Group gap={8} wrap="nowrap">
              {option.value !== allTypes && <IssueTypeIcon name={option.label} size={14} />}
              <Text size="xs">{option.label}</Text>
            </Group>
          )}
          comboboxProps={{ withinPortal: true }}
        />
        <RefreshButton fetching={tasks.isFetching} pending={tasks.isPending} onRefresh={refetch} />
      </Group>
      <OwnItemsNote service="jira" userId={userId} />
      <ScrollArea flex={1} type="auto" offsetScrollbars>
        <ItemList
          service="jira"
          query={tasks}
          onRetry={refetch}
          items={shown}
          filtered={typeName !== null}
          now={Date.now()}
        />
      </ScrollArea>
    </Stack>
  );
}
