import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { IconCalendarOff, IconPlus, IconStar } from "@tabler/icons-react";
import type { HolidayGroup } from "@timetrap/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHolidayGroups } from "../../../api/holiday-groups";
import { useConfirmAction } from "../../../components/confirm-action";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { RowActions } from "../../../components/row-actions";
import { TableCard } from "../../../components/table-card";
import { isLanguage } from "../../../lib/i18n";
import { mutationToasts } from "../../../lib/notify";
import { useHolidayCountries } from "../api/get-holiday-countries";
import { useDeleteHolidayGroup, useUpdateHolidayGroup } from "../api/holiday-group-mutations";
import { suggestedCountry } from "../lib/browser-region";
import { HolidayGroupModal } from "./holiday-group-modal";
import { HolidayPreview } from "./holiday-preview";

/** The groups of the organization: where each one's holidays come from, who follows it, and its year's days. */
export function HolidayGroupsSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const groups = useHolidayGroups(organizationId);
  const countries = useHolidayCountries(language);
  const update = useUpdateHolidayGroup(organizationId);
  const remove = useDeleteHolidayGroup(organizationId);
  const confirmAction = useConfirmAction();
  const [form, setForm] = useState<{ opened: boolean; group: HolidayGroup | null }>({ opened: false, group: null });
  const [previewed, setPreviewed] = useState<string | null>(null);

  const countryName = (code: string) => countries.data?.find((country) => country.code === code)?.name ?? code;
  const regionName = (code: string, region: string | null) =>
    region
      ? (countries.data?.find((country) => country.code === code)?.regions.find((r) => r.code === region)?.name ??
        region)
      : t("holidays.groups.wholeCountry");
  const suggestion = countries.data ? suggestedCountry(countries.data) : null;

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, group: null })}>
      {t("holidays.groups.add")}
    </Button>
  );

  const askDelete = (group: HolidayGroup) =>
    confirmAction({
      title: t("holidays.groups.deleteTitle"),
      message: t("holidays.groups.deleteMessage", { name: group.name }),
      confirmLabel: t("holidays.groups.deleteConfirm"),
      run: () => remove.mutateAsync(group.id),
      successMessage: t("holidays.groups.deleted"),
    });

  let content: React.ReactNode;
  if (groups.isPending) content = <LoadingState />;
  else if (groups.isError)
    content = (
      <LoadErrorState
        title={t("holidays.groups.loadError")}
        error={groups.error}
        onRetry={() => void groups.refetch()}
      />
    );
  else if (groups.data.length === 0)
    content = (
      <EmptyListState
        framed
        icon={IconCalendarOff}
        title={t("holidays.groups.empty")}
        description={
          suggestion
            ? t("holidays.groups.emptySuggestion", { country: countryName(suggestion) })
            : t("holidays.groups.emptyDescription")
        }
        action={addButton}
      />
    );
  else {
    const shown = groups.data.find((group) => group.id === previewed) ?? groups.data.find((g) => g.is_default);
    content = (
      <Stack gap="lg">
        <TableCard minWidth={760}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("holidays.groups.name")}</Table.Th>
                <Table.Th>{t("holidays.groups.country")}</Table.Th>
                <Table.Th>{t("holidays.groups.convention")}</Table.Th>
                <Table.Th ta="right">{t("holidays.groups.members")}</Table.Th>
                <Table.Th ta="right">{t("holidays.groups.ownDays")}</Table.Th>
                <HiddenLabelTh w={150} label={t("holidays.groups.actions")} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.map((group) => (
                <Table.Tr key={group.id} data-testid="holiday-group-row">
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Group gap={8} wrap="nowrap">
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={4}
                        aria-pressed={shown?.id === group.id}
                        aria-label={t("holidays.groups.preview", { name: group.name })}
                        onClick={() => setPreviewed(group.id)}
                      >
                        {group.name}
                      </Button>
                      {group.is_default && (
                        <Badge variant="light" radius="sm" size="sm">
                          {t("holidays.groups.default")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{countryName(group.country)}</Text>
                    <Text size="xs" c="dimmed">
                      {regionName(group.country, group.region)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`holidays.conventions.${group.convention}.short`)}</Table.Td>
                  <Table.Td ta="right">{group.member_count}</Table.Td>
                  <Table.Td ta="right">{group.days.length}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {!group.is_default && (
                        <Tooltip label={t("holidays.groups.makeDefault")}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t("holidays.groups.makeDefaultLabel", { name: group.name })}
                            loading={update.isPending && update.variables?.groupId === group.id}
                            onClick={() =>
                              update.mutate(
                                { groupId: group.id, data: { is_default: true } },
                                mutationToasts(t("holidays.groups.defaultMoved", { name: group.name })),
                              )
                            }
                          >
                            <IconStar size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      <RowActions
                        gap={4}
                        editLabel={t("holidays.groups.edit", { name: group.name })}
                        deleteLabel={t("holidays.groups.delete", { name: group.name })}
                        onEdit={() => setForm({ opened: true, group })}
                        onDelete={() => askDelete(group)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableCard>
        {shown && <HolidayPreview organizationId={organizationId} group={shown} />}
      </Stack>
    );
  }

  return (
    <section aria-labelledby="holiday-groups-title">
      <Group justify="space-between" align="flex-end" mb="md" gap="md">
        <div>
          <Title order={2} fz={20} id="holiday-groups-title">
            {t("holidays.groups.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw={680}>
            {t("holidays.groups.description")}
          </Text>
        </div>
        {groups.isSuccess && groups.data.length > 0 && addButton}
      </Group>
      {content}
      <HolidayGroupModal
        organizationId={organizationId}
        opened={form.opened}
        group={form.group}
        firstGroup={groups.data?.length === 0}
        countries={countries.data ?? []}
        countriesError={countries.isError}
        suggestion={suggestion}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
    </section>
  );
}
