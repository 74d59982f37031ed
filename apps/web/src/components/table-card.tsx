import { Paper, Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The bordered card a list's table sits in, edge to edge. Below `minWidth` the table scrolls sideways inside
 * the card instead of squeezing its columns.
 */
export function TableCard({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={0} style={{ overflow: "hidden" }}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        {children}
      </Table.ScrollContainer>
    </Paper>
  );
}
