import { Paper, Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The bordered card a list's table sits in, edge to edge. Below `minWidth` the table scrolls sideways inside
 * the card instead of squeezing its columns; with `stickyFirstColumn` the first column (the row's name) stays in
 * view while the others scroll (decision 035; its styles are table-card.css, which the shell loads).
 */
export function TableCard({
  minWidth,
  stickyFirstColumn = true,
  children,
}: {
  minWidth: number;
  stickyFirstColumn?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={0} style={{ overflow: "hidden" }}>
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        className={stickyFirstColumn ? "table-card-sticky-first-column" : undefined}
      >
        {children}
      </Table.ScrollContainer>
    </Paper>
  );
}
