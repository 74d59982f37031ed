import { Divider, Group, Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A section of the profile page (sessions, two-factor sign-in, passkeys, security activity): its card, a title named for
 * assistive technology, what stands beside the title (a status), the description and the rule above the content.
 */
export function ProfileSection({
  id,
  title,
  aside,
  description,
  children,
}: {
  /** The title's id, which names the section. */
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} fz={16} id={id}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} mt="lg" component="section" aria-labelledby={id}>
      {aside ? (
        <Group gap="sm" align="center">
          {heading}
          {aside}
        </Group>
      ) : (
        heading
      )}
      <Text size="sm" c="dimmed" mt={4} maw={520}>
        {description}
      </Text>
      <Divider my="lg" />
      {children}
    </Paper>
  );
}
