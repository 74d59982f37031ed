import { Button, CopyButton } from "@mantine/core";
import { IconCheck, IconClipboard } from "@tabler/icons-react";

/** Copies a secret shown once (an access token, a webhook's signing secret), and says so once it has. */
export function CopySecretButton({
  value,
  copyLabel,
  copiedLabel,
}: {
  value: string;
  copyLabel: string;
  copiedLabel: string;
}) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? "light" : "filled"}
          color={copied ? "teal" : undefined}
          leftSection={copied ? <IconCheck size={16} /> : <IconClipboard size={16} />}
          onClick={copy}
        >
          {copied ? copiedLabel : copyLabel}
        </Button>
      )}
    </CopyButton>
  );
}
