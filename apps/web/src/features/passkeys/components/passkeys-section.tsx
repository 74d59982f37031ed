import { Alert, Badge, Box, Button, Divider, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconKey, IconPlus } from "@tabler/icons-react";
import type { Passkey } from "@timetrap/domain";
import dayjs from "dayjs";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { openConfirmation } from "../../../components/confirm-action";
import { ProfileSection } from "../../../components/profile-section";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { isApiError } from "../../../lib/api-client";
import { displayDateFormat } from "../../../lib/display-date";
import { mutationToasts, notifySuccess } from "../../../lib/notify";
import { browserHasWebAuthn, passkeyFailureOf } from "../../../lib/passkey-failure";
import { useAddPasskey } from "../api/add-passkey";
import { usePasskeys } from "../api/get-passkeys";
import { useRemovePasskey } from "../api/remove-passkey";
import { useRenamePasskey } from "../api/rename-passkey";
import { PasskeyNameModal, type PasskeyNotice } from "./passkey-name-modal";

const lastUsedFormat = `${displayDateFormat} HH:mm`;

type Dialog = { kind: "add" } | { kind: "rename"; passkey: Passkey };

/**
 * The person's passkeys (decision 019): each with its name, when it was added and last used, and whether it is synced
 * between their devices or lives on one; a new one is named first, then made in the browser's own dialog.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const addPasskey = useAddPasskey();
  const renamePasskey = useRenamePasskey();
  const removePasskey = useRemovePasskey();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<PasskeyNotice | null>(null);
  const canUsePasskeys = browserHasWebAuthn();

  const open = (next: Dialog) => {
    setNotice(null);
    setDialog(next);
  };
  const close = () => {
    if (!addPasskey.isPending && !renamePasskey.isPending) setDialog(null);
  };

  const add = (name: string) => {
    setNotice(null);
    addPasskey.mutate(
      { name },
      {
        onSuccess: (passkey) => {
          notifySuccess({ message: t("screens.profile.passkeys.addedToast", { name: passkey.name }) });
          setDialog(null);
        },
        onError: (error) => {
          const failure = passkeyFailureOf(error);
          if (failure === "unknown") console.error(error);
          setNotice({
            tone: failure === "cancelled" ? "calm" : "failure",
            message:
              failure === "refused" && isApiError(error)
                ? error.ErrorMessage
                : t(`screens.profile.passkeys.failures.${failure === "refused" ? "unknown" : failure}`),
          });
        },
      },
    );
  };

  const rename = (passkey: Passkey, name: string) =>
    renamePasskey.mutate(
      { passkeyId: passkey.id, name },
      mutationToasts(t("screens.profile.passkeys.renamed"), () => setDialog(null)),
    );

  const remove = (passkey: Passkey) =>
    openConfirmation({
      title: t("screens.profile.passkeys.confirmRemoveTitle"),
      message: t("screens.profile.passkeys.confirmRemoveMessage", { name: passkey.name }),
      confirmLabel: t("screens.profile.passkeys.remove"),
      destructive: true,
      onConfirm: () =>
        removePasskey.mutate(
          { passkeyId: passkey.id },
          mutationToasts(t("screens.profile.passkeys.removed", { name: passkey.name })),
        ),
    });

  const addButton = (
    <Button
      variant="light"
      w={{ base: "100%", xs: "auto" }}
      px={{ base: "xs", xs: "lg" }}
      leftSection={<IconPlus size={18} />}
      onClick={() => open({ kind: "add" })}
      disabled={!canUsePasskeys}
    >
      {t("screens.profile.passkeys.add")}
    </Button>
  );

  return (
    <ProfileSection
      id="passkeys-title"
      title={t("screens.profile.passkeys.title")}
      description={t("screens.profile.passkeys.description")}
    >
      {passkeys.isPending ? (
        <LoadingState />
      ) : passkeys.isError ? (
        <LoadErrorState
          error={passkeys.error}
          title={t("screens.profile.passkeys.loadError")}
          onRetry={() => void passkeys.refetch()}
        />
      ) : (
        <Stack gap="md">
          {passkeys.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("screens.profile.passkeys.empty")}
            </Text>
          )}
          {passkeys.data.map((passkey, index) => (
            <Fragment key={passkey.id}>
              {index > 0 && <Divider />}
              {/* On a phone the actions go under the name rather than squeezing it. */}
              <Group wrap="wrap" gap="md" align="flex-start" data-testid="passkey-row">
                <ThemeIcon variant="light" color="indigo" size={40} radius="md" visibleFrom="sm">
                  <IconKey size={20} />
                </ThemeIcon>
                <Box style={{ flex: "1 1 220px", minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                      {passkey.name}
                    </Text>
                    <Badge variant="light" color={passkey.device_type === "multiDevice" ? "teal" : "gray"} size="sm">
                      {passkey.device_type === "multiDevice"
                        ? t("screens.profile.passkeys.synced")
                        : t("screens.profile.passkeys.singleDevice")}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    <span style={{ whiteSpace: "nowrap" }}>
                      {t("screens.profile.passkeys.added", {
                        date: dayjs(passkey.created_at).format(displayDateFormat),
                      })}
                    </span>{" "}
                    ·{" "}
                    <span style={{ whiteSpace: "nowrap" }}>
                      {passkey.last_used_at === null
                        ? t("screens.profile.passkeys.neverUsed")
                        : t("screens.profile.passkeys.lastUsed", {
                            date: dayjs(passkey.last_used_at).format(lastUsedFormat),
                          })}
                    </span>
                  </Text>
                </Box>
                <Group gap={4} wrap="nowrap" ml="auto">
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => open({ kind: "rename", passkey })}
                    aria-label={t("screens.profile.passkeys.renameLabel", { name: passkey.name })}
                  >
                    {t("screens.profile.passkeys.rename")}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    loading={removePasskey.isPending && removePasskey.variables?.passkeyId === passkey.id}
                    onClick={() => remove(passkey)}
                    aria-label={t("screens.profile.passkeys.removeLabel", { name: passkey.name })}
                  >
                    {t("screens.profile.passkeys.remove")}
                  </Button>
                </Group>
              </Group>
            </Fragment>
          ))}
          <Divider />
          {canUsePasskeys ? (
            <Group justify="flex-end">{addButton}</Group>
          ) : (
            <Alert color="gray" variant="light">
              {t("screens.profile.passkeys.unavailable")}
            </Alert>
          )}
        </Stack>
      )}
      <PasskeyNameModal
        opened={dialog !== null}
        title={
          dialog?.kind === "rename" ? t("screens.profile.passkeys.renameTitle") : t("screens.profile.passkeys.addTitle")
        }
        submitLabel={dialog?.kind === "rename" ? t("common.save") : t("screens.profile.passkeys.continue")}
        initialName={dialog?.kind === "rename" ? dialog.passkey.name : ""}
        pending={addPasskey.isPending || renamePasskey.isPending}
        notice={notice}
        onSubmit={(name) => (dialog?.kind === "rename" ? rename(dialog.passkey, name) : add(name))}
        onClose={close}
      />
    </ProfileSection>
  );
}
