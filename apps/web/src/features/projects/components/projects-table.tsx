import {
  Anchor,
  Badge,
  Button,
  ColorSwatch,
  Group,
  MultiSelect,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCalendar, IconDownload, IconFilter, IconFilterOff, IconSearch } from "@tabler/icons-react";
import {
  type DateRange,
  matchesProjectFilter,
  overlapsRange,
  type Project,
  type ProjectFilter,
} from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SortableTh, sortRows, useSort } from "../../../components/sortable-table";
import { TableCard } from "../../../components/table-card";
import { displayDateFormat } from "../../../lib/display-date";
import { formatEuro } from "../../../lib/format";
import { workflowStatusName } from "../../../lib/workflow-status-name";
import { downloadFile } from "../download-file";
import {
  type ColumnFilters,
  countProjectFilter,
  hasColumnFilters,
  matchesColumnFilters,
  noColumnFilters,
  type PickColumn,
  type ProjectColumn,
  pickedId,
  projectColumns,
  projectsCsv,
  sortValue,
  type TextColumn,
} from "../project-list";
import { type FilterOption, ProjectFilterModal, type ProjectFilterOptions } from "./project-filter-modal";
import { PersonAvatar } from "./user-avatar-group";

const textColumns: readonly ProjectColumn[] = ["title", "externalReference"] satisfies TextColumn[];
const pickColumns: readonly ProjectColumn[] = [
  "customer",
  "projectManager",
  "status",
  "category",
  "area",
] satisfies PickColumn[];

/** The distinct values of a column among the projects, by label, to pick from. */
function optionsOf(projects: readonly Project[], column: PickColumn, label: (project: Project) => string | null) {
  const byId = new Map<string, string>();
  for (const project of projects) {
    const id = pickedId(project, column);
    const text = label(project);
    if (id !== null && text !== null) byId.set(id, text);
  }
  return [...byId]
    .map(([value, text]): FilterOption => ({ value, label: text }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: "base" }));
}

/** Spec part 2 §2 "All-projects view": a sortable, filterable table of the projects, exported as CSV. */
export function ProjectsTable({
  projects,
  projectHref,
}: {
  /** The projects the search box lets through. */
  projects: readonly Project[];
  projectHref: (project: Project) => string;
}) {
  const { t, i18n } = useTranslation();
  const { sort, toggle } = useSort<ProjectColumn>();
  const [columnFilters, setColumnFilters] = useState<ColumnFilters>(noColumnFilters);
  // Spec part 2 §9: typed filters apply 300 ms after the last keystroke.
  const [debouncedColumnFilters] = useDebouncedValue(columnFilters, 300);
  const [filter, setFilter] = useState<ProjectFilter>({});
  const [range, setRange] = useState<DateRange>([null, null]);
  const [filterOpened, setFilterOpened] = useState(false);

  const statusName = (project: Project) => workflowStatusName(project.status, t);
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });

  const rows = useMemo(
    () =>
      sortRows(
        projects.filter(
          (project) =>
            matchesColumnFilters(project, debouncedColumnFilters) &&
            matchesProjectFilter(project, filter) &&
            overlapsRange(project, range),
        ),
        sort,
        (project, column) => sortValue(project, column, (p) => workflowStatusName(p.status, t)),
        i18n.language,
      ),
    [projects, debouncedColumnFilters, filter, range, sort, t, i18n.language],
  );

  const pickOptions: Record<PickColumn, FilterOption[]> = useMemo(
    () => ({
      customer: optionsOf(projects, "customer", (p) => p.customer?.nominative ?? null),
      projectManager: optionsOf(projects, "projectManager", (p) => p.project_manager.nominative),
      status: optionsOf(projects, "status", (p) => workflowStatusName(p.status, t)),
      category: optionsOf(projects, "category", (p) => p.category?.name ?? null),
      area: optionsOf(projects, "area", (p) => p.area?.name ?? null),
    }),
    [projects, t],
  );
  const modalOptions: ProjectFilterOptions = {
    // The modal's customer filter matches by name (ProjectFilter.customerName).
    customers: pickOptions.customer.map((option) => ({ value: option.label, label: option.label })),
    managers: pickOptions.projectManager,
    statuses: pickOptions.status,
    categories: pickOptions.category,
  };

  const filterCount = countProjectFilter(filter);
  const filtered = hasColumnFilters(columnFilters) || filterCount > 0 || range[0] !== null || range[1] !== null;
  const clearFilters = () => {
    setColumnFilters(noColumnFilters);
    setFilter({});
    setRange([null, null]);
  };

  const label = (column: ProjectColumn) => t(`projects.columns.${column}`);

  const filterCell = (column: ProjectColumn): ReactNode => {
    if ((textColumns as string[]).includes(column)) {
      const key = column as TextColumn;
      return (
        <TextInput
          size="xs"
          leftSection={<IconSearch size={14} />}
          aria-label={t("projects.filterBy", { column: label(column) })}
          // The column's name is right above: a short word fits the narrow column where "Filter by …" was cut.
          placeholder={t("projects.filter.text")}
          value={columnFilters[key]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setColumnFilters((current) => ({ ...current, [key]: value }));
          }}
        />
      );
    }
    if ((pickColumns as string[]).includes(column)) {
      const key = column as PickColumn;
      return (
        <MultiSelect
          size="xs"
          aria-label={t("projects.filterBy", { column: label(column) })}
          // No "Any" written in a column as narrow as a badge: an empty pick with the filter's mark says it.
          leftSection={columnFilters[key].length ? undefined : <IconFilter size={12} />}
          data={pickOptions[key]}
          value={columnFilters[key]}
          onChange={(value) => setColumnFilters((current) => ({ ...current, [key]: value }))}
          searchable
          clearable
          hidePickedOptions
        />
      );
    }
    return null;
  };

  const cell = (project: Project, column: ProjectColumn): ReactNode => {
    const dash = (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
    switch (column) {
      case "title":
        return (
          <Anchor component={Link} to={projectHref(project)} fw={500} size="sm">
            {project.title}
          </Anchor>
        );
      case "customer":
        return project.customer ? <Text size="sm">{project.customer.nominative}</Text> : dash;
      case "externalReference":
        return project.external_reference ? <Text size="sm">{project.external_reference}</Text> : dash;
      case "projectManager":
        return (
          <Group gap="xs" wrap="nowrap">
            <PersonAvatar user={project.project_manager} size="sm" />
            <Text size="sm">{project.project_manager.nominative}</Text>
          </Group>
        );
      case "status":
        return (
          <Badge variant="light" color="cyan" miw="max-content">
            {statusName(project)}
          </Badge>
        );
      case "area":
        return project.area ? <Text size="sm">{project.area.name}</Text> : dash;
      case "category":
        return project.category ? (
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={project.category.color} size={10} withShadow={false} />
            <Text size="sm">{project.category.name}</Text>
          </Group>
        ) : (
          dash
        );
      case "budget":
        return (
          <Text size="sm" ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
            {formatEuro(project.budget)}
          </Text>
        );
      case "currentMarginability":
        return project.current_marginability === null ? (
          dash
        ) : (
          <Text size="sm" ta="right" c={project.current_marginability < 0 ? "red" : undefined}>
            {percent.format(project.current_marginability)}%
          </Text>
        );
      case "progress":
        // The figure over its bar: the column is no wider than its header.
        return (
          <Stack gap={4}>
            <Text size="sm">{project.progress}%</Text>
            <Progress value={project.progress} size="sm" aria-hidden />
          </Stack>
        );
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <DatePickerInput
            type="range"
            aria-label={t("projects.dateRange")}
            placeholder={t("projects.dateRangePlaceholder")}
            leftSection={<IconCalendar size={16} />}
            valueFormat={displayDateFormat}
            value={range}
            onChange={(value) => setRange([value[0] ?? null, value[1] ?? null])}
            clearable
            allowSingleDateInRange
            miw={220}
          />
          <Button
            variant={filterCount > 0 ? "light" : "default"}
            leftSection={<IconFilter size={16} />}
            onClick={() => setFilterOpened(true)}
          >
            {filterCount > 0 ? t("projects.filtersWithCount", { count: filterCount }) : t("projects.filters")}
          </Button>
          {filtered && (
            <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
              {t("projects.clearFilters")}
            </Button>
          )}
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={rows.length === 0}
          onClick={() => downloadFile(projectsCsv(rows), "projects.csv", "text/csv;charset=utf-8")}
        >
          {t("projects.exportCsv")}
        </Button>
      </Group>

      {/* Ten columns fit the content area of a 1280 px screen (decision 035); narrower, the table scrolls under a
          title column that stays. */}
      <TableCard minWidth={1000}>
        <Table verticalSpacing="sm" horizontalSpacing={6} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {projectColumns.map((column) => (
                <SortableTh
                  key={column}
                  label={label(column)}
                  sortKey={column}
                  sort={sort}
                  onSort={toggle}
                  labelSize="xs"
                  miw={column === "title" ? 120 : undefined}
                />
              ))}
            </Table.Tr>
            <Table.Tr>
              {projectColumns.map((column) => (
                <Table.Td key={column} py={6}>
                  {/* A field's own width does not widen its column: the headers and the values set the widths, the
                      filter fills what they leave (decision 035). */}
                  <div style={{ width: 0, minWidth: "100%" }}>{filterCell(column)}</div>
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((project) => (
              <Table.Tr key={project.uid}>
                {projectColumns.map((column) => (
                  <Table.Td key={column}>{cell(project, column)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={projectColumns.length}>
                  <Stack align="flex-start" gap="xs" py="lg" px="md">
                    <Text size="sm" c="dimmed">
                      {t("projects.noMatches")}
                    </Text>
                    {filtered && (
                      <Button variant="subtle" size="xs" onClick={clearFilters}>
                        {t("projects.clearFilters")}
                      </Button>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </TableCard>

      <ProjectFilterModal
        opened={filterOpened}
        filter={filter}
        options={modalOptions}
        onApply={(next) => {
          setFilter(next);
          setFilterOpened(false);
        }}
        onClose={() => setFilterOpened(false)}
      />
    </Stack>
  );
}
