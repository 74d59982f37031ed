import { Center, Group, type MantineSize, Table, type TableThProps, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import { useState } from "react";

export type SortDirection = "asc" | "desc";
export interface Sort<K extends string> {
  key: K;
  direction: SortDirection;
}

/** Spec part 2 §4 "Sorting cycle on headers": ascending, descending, none; another column starts ascending. */
export function nextSort<K extends string>(current: Sort<K> | null, key: K): Sort<K> | null {
  if (!current || current.key !== key) return { key, direction: "asc" };
  return current.direction === "asc" ? { key, direction: "desc" } : null;
}

export type SortValue = string | number | null | undefined;

/**
 * Rows in the order of `sort`, or as given without one. Text compares in the reader's language ignoring case
 * and accents; empty values go last in both directions, so flipping the order does not bring blanks to the top.
 */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: Sort<K> | null,
  valueAt: (row: T, key: K) => SortValue,
  locale?: string,
): T[] {
  if (!sort) return [...rows];
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueAt(a, sort.key);
    const y = valueAt(b, sort.key);
    const xEmpty = x === null || x === undefined || x === "";
    const yEmpty = y === null || y === undefined || y === "";
    if (xEmpty || yEmpty) return xEmpty === yEmpty ? 0 : xEmpty ? 1 : -1;
    const order = typeof x === "number" && typeof y === "number" ? x - y : collator.compare(String(x), String(y));
    return sign * order;
  });
}

export function useSort<K extends string>(initial: Sort<K> | null = null) {
  const [sort, setSort] = useState<Sort<K> | null>(initial);
  return { sort, toggle: (key: K) => setSort((current) => nextSort(current, key)) };
}

const ariaSort = { asc: "ascending", desc: "descending" } as const;

export interface SortableThProps<K extends string> extends Omit<TableThProps, "onClick"> {
  label: string;
  sortKey: K;
  sort: Sort<K> | null;
  onSort: (key: K) => void;
  /** The label's size: `xs` (with a smaller arrow) for a table of many columns that must fit the screen. */
  labelSize?: MantineSize;
}

/** A header cell whose button cycles the column's sort; `aria-sort` tells assistive technology the order. */
export function SortableTh<K extends string>({
  label,
  sortKey,
  sort,
  onSort,
  labelSize = "sm",
  ...props
}: SortableThProps<K>) {
  const direction = sort?.key === sortKey ? sort.direction : null;
  const compact = labelSize === "xs";
  const Icon = direction === "asc" ? IconChevronUp : direction === "desc" ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={direction ? ariaSort[direction] : "none"} {...props}>
      <UnstyledButton onClick={() => onSort(sortKey)} w="100%">
        <Group justify="space-between" gap={compact ? 2 : 4} wrap="nowrap">
          <Text fw={600} size={labelSize}>
            {label}
          </Text>
          <Center c={direction ? undefined : "dimmed"}>
            <Icon size={compact ? 12 : 14} stroke={1.8} aria-hidden />
          </Center>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
