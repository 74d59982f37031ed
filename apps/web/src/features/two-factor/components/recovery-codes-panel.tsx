import { Alert, Button, Checkbox, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCheck, IconClipboard, IconDownload, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { saveFile } from "../../../lib/save-file";

/**
 * The recovery codes, shown this once (only their hashes are kept): to copy, to download as a text file, and a
 * confirmation that they are saved before the dialog lets go.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const text = codes.join("\n");

  const download = () =>
    saveFile(
      new Blob([`${t("twoFactor.recoveryCodes.fileHeading")}\n\n${text}\n`], { type: "text/plain;charset=utf-8" }),
      "timetrap-recovery-codes.txt",
    );

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
        {t("twoFactor.recoveryCodes.explanation")}
      </Alert>
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} data-testid="recovery-codes">
          {codes.map((code) => (
            <Text key={code} ff="monospace" fz="md" ta="center">
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group grow>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} /> : <IconClipboard size={16} />}
              onClick={copy}
            >
              {copied ? t("twoFactor.recoveryCodes.copied") : t("twoFactor.recoveryCodes.copy")}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          {t("twoFactor.recoveryCodes.download")}
        </Button>
      </Group>
      <Checkbox
        label={t("twoFactor.recoveryCodes.saved")}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button onClick={onDone} disabled={!saved}>
        {t("twoFactor.recoveryCodes.done")}
      </Button>
    </Stack>
  );
}
