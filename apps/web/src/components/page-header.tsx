import { Box, Button, Group, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The title of a screen, what it is for, and its main action on the right. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md">
      <div>
        <Title order={1} fz={26}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {action}
    </Group>
  );
}

/** The way back to the screen this one hangs from, above its header. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} />}
      mb="sm"
      ml={-8}
    >
      {children}
    </Button>
  );
}

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
