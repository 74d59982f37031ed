import { Table, type TableThProps, VisuallyHidden } from "@mantine/core";

/**
 * A header cell whose label only assistive technology reads (avatars, row actions). Positioned, so the hidden label
 * stays inside the scrolling table instead of widening the page on a phone.
 */
export function HiddenLabelTh({ label, ...props }: TableThProps & { label: string }) {
  return (
    <Table.Th pos="relative" {...props}>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Th>
  );
}
