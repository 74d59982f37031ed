import { Alert, Center, Loader, Modal, ScrollArea } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { MarkdownView } from "../../../components/markdown-view";
import { useChangelog } from "../api/get-changelog";

export function ChangelogModal({
  opened,
  onClose,
  version,
}: {
  opened: boolean;
  onClose: () => void;
  version: string | undefined;
}) {
  const { t } = useTranslation();
  const changelog = useChangelog({ enabled: opened });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        version ? t("components.changelogModal.titleWithVersion", { version }) : t("components.changelogModal.title")
      }
      size="lg"
      radius="lg"
      padding="lg"
      scrollAreaComponent={ScrollArea.Autosize}
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      {changelog.isPending && (
        <Center py="xl">
          <Loader type="dots" aria-label={t("common.loading")} />
        </Center>
      )}
      {changelog.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t("common.error")}>
          {t("components.changelogModal.error")}
        </Alert>
      )}
      {changelog.isSuccess && <MarkdownView source={changelog.data} skipLeadingTitle />}
    </Modal>
  );
}
