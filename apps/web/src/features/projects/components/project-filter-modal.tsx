import { Button, Group, Modal, MultiSelect, NumberInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type ProjectFilter, projectTypeCodes, projectTypes } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { EuroInput } from "../../../components/euro-input";

export interface FilterOption {
  value: string;
  label: string;
}

export interface ProjectFilterOptions {
  customers: FilterOption[];
  managers: FilterOption[];
  statuses: FilterOption[];
  categories: FilterOption[];
}

interface Draft {
  projectTitle: string;
  customerName: string[];
  referenceQuote: string;
  projectLeader: string[];
  status: string[];
  projectCategory: string[];
  projectType: string[];
  budget: number | string;
  marginality: number | string;
}

function draftOf(filter: ProjectFilter): Draft {
  return {
    projectTitle: filter.projectTitle ?? "",
    customerName: [...(filter.customerName ?? [])],
    referenceQuote: filter.referenceQuote ?? "",
    projectLeader: [...(filter.projectLeader ?? [])],
    status: [...(filter.status ?? [])],
    projectCategory: [...(filter.projectCategory ?? [])],
    projectType: (filter.projectType ?? []).map(String),
    budget: filter.budget ?? "",
    marginality: filter.marginality ?? "",
  };
}

function filterOf(draft: Draft): ProjectFilter {
  return {
    projectTitle: draft.projectTitle,
    customerName: draft.customerName,
    referenceQuote: draft.referenceQuote,
    projectLeader: draft.projectLeader,
    status: draft.status,
    projectCategory: draft.projectCategory,
    projectType: draft.projectType.map(Number),
    budget: typeof draft.budget === "number" ? draft.budget : null,
    marginality: typeof draft.marginality === "number" ? draft.marginality : null,
  };
}

function FilterForm({
  filter,
  options,
  onApply,
}: {
  filter: ProjectFilter;
  options: ProjectFilterOptions;
  onApply: (filter: ProjectFilter) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filter));
  const change = <F extends keyof Draft>(field: F, value: Draft[F]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const typeOptions = projectTypeCodes.map((code) => ({
    value: String(code),
    label: t(`projects.types.${projectTypes[code]}`),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filterOf(draft));
  };

  const pick = (
    field: "customerName" | "projectLeader" | "status" | "projectCategory" | "projectType",
    label: string,
    data: FilterOption[],
  ) => (
    <MultiSelect
      size="md"
      label={label}
      data={data}
      value={draft[field]}
      onChange={(values) => change(field, values)}
      placeholder={draft[field].length ? undefined : t("projects.filter.any")}
      searchable
      clearable
      hidePickedOptions
    />
  );

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t("projects.filter.projectTitle")}
          value={draft.projectTitle}
          onChange={(event) => change("projectTitle", event.currentTarget.value)}
          data-autofocus
        />
        {pick("customerName", t("projects.filter.customerName"), options.customers)}
        <TextInput
          label={t("projects.filter.referenceQuote")}
          value={draft.referenceQuote}
          onChange={(event) => change("referenceQuote", event.currentTarget.value)}
        />
        {pick("projectLeader", t("projects.filter.projectLeader"), options.managers)}
        {pick("status", t("projects.filter.status"), options.statuses)}
        {pick("projectCategory", t("projects.filter.projectCategory"), options.categories)}
        {pick("projectType", t("projects.filter.projectType"), typeOptions)}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <EuroInput
            size="md"
            label={t("projects.filter.budget")}
            description={t("projects.filter.exactValue")}
            value={draft.budget}
            onChange={(value) => change("budget", value)}
          />
          <NumberInput
            size="md"
            label={t("projects.filter.marginality")}
            description={t("projects.filter.exactValue")}
            value={draft.marginality}
            onChange={(value) => change("marginality", value)}
            decimalScale={2}
            suffix=" %"
            hideControls
          />
        </SimpleGrid>
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" onClick={() => setDraft(draftOf({}))}>
            {t("projects.filter.reset")}
          </Button>
          <Button type="submit">{t("projects.filter.apply")}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Spec part 2 §2: the filter modal, 520 px wide, with every value of `ProjectFilter`; nothing applies until
 * "Apply", so a half-made filter does not reshuffle the table behind it.
 */
export function ProjectFilterModal({
  opened,
  filter,
  options,
  onApply,
  onClose,
}: {
  opened: boolean;
  filter: ProjectFilter;
  options: ProjectFilterOptions;
  onApply: (filter: ProjectFilter) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("projects.filter.title")} size={520}>
      <FilterForm filter={filter} options={options} onApply={onApply} />
    </Modal>
  );
}
