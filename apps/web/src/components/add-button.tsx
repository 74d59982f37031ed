import { Button, type ButtonProps } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** The small "+ Add …" button beside a list or an input, the same wherever something is added to a list. */
export function AddButton({
  children,
  onClick,
  disabled,
  ...props
}: Omit<ButtonProps, "size" | "variant" | "leftSection"> & {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconPlus size={14} />}
      onClick={onClick}
      disabled={disabled}
      {...props}
    >
      {children}
    </Button>
  );
}
