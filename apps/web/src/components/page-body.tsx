import { Box } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The widest a form or settings page grows: a line of a form or of its hints stays readable, and two fields side by
 * side still fit (decision 035).
 */
export const formPageMaxWidth = 760;

/**
 * A page of lists, tables, boards or charts: the whole width of the content area, so that a table shows as many
 * columns as the screen allows. `minWidth: 0` lets a wide table scroll inside its card instead of widening the page.
 */
export function ListPage({ children }: { children: ReactNode }) {
  return <Box miw={0}>{children}</Box>;
}

/**
 * A page of forms or settings: one narrower column, aligned to the left like every page's title, so that moving
 * between pages the heading stays where it was (decision 035).
 */
export function FormPage({ children }: { children: ReactNode }) {
  return (
    <Box maw={formPageMaxWidth} miw={0}>
      {children}
    </Box>
  );
}
