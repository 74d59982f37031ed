import { Alert, Button, Group, Modal, Radio, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import {
  type AccessTokenLifetime,
  type AccessTokenScope,
  type CreatedAccessToken,
  createAccessTokenSchema,
} from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { CopySecretButton } from "../../../components/copy-secret-button";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { notifyRequestError } from "../../../lib/notify";
import { useCreateAccessToken } from "../api/create-access-token";

/** The lifetimes as the select's values: a select holds strings, and "never" stands for null. */
const lifetimeValues = { "30": 30, "90": 90, "365": 365, never: null } satisfies Record<string, AccessTokenLifetime>;
type LifetimeValue = keyof typeof lifetimeValues;

const tokenField = { input: { fontFamily: "var(--mantine-font-family-monospace)", wordBreak: "break-all" } } as const;

function AccessTokenForm({
  create,
  onCreated,
  onCancel,
}: {
  create: ReturnType<typeof useCreateAccessToken>;
  onCreated: (token: CreatedAccessToken) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [lifetime, setLifetime] = useState<LifetimeValue>("90");
  const [scope, setScope] = useState<AccessTokenScope>("read");
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createAccessTokenSchema.safeParse({ name, expires_in_days: lifetimeValues[lifetime], scope });
    if (!parsed.success) {
      // Only the name can be wrong here: the lifetime and the scope are chosen from the domain's own lists.
      const issue = parsed.error.issues.find((candidate) => candidate.path[0] === "name");
      setNameError(
        issue?.code === "too_big"
          ? t("accessTokens.validations.nameTooLong", { max: Number(issue.maximum) })
          : t("accessTokens.validations.nameRequired"),
      );
      return;
    }
    create.mutate({ data: parsed.data }, { onSuccess: onCreated, onError: notifyRequestError });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("accessTokens.form.name")}
          description={t("accessTokens.form.nameDescription")}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(undefined);
          }}
          error={nameError}
          required
          data-autofocus
        />
        <Select
          label={t("accessTokens.form.expiry")}
          description={t("accessTokens.form.expiryDescription")}
          data={[
            { value: "30", label: t("accessTokens.form.days30") },
            { value: "90", label: t("accessTokens.form.days90") },
            { value: "365", label: t("accessTokens.form.days365") },
            { value: "never", label: t("accessTokens.form.never") },
          ]}
          value={lifetime}
          onChange={(value) => {
            if (value && value in lifetimeValues) setLifetime(value as LifetimeValue);
          }}
          allowDeselect={false}
        />
        <Radio.Group
          label={t("accessTokens.form.scope")}
          value={scope}
          onChange={(value) => setScope(value === "write" ? "write" : "read")}
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="read"
              label={t("accessTokens.scopes.read")}
              description={t("accessTokens.form.readDescription")}
            />
            <Radio
              value="write"
              label={t("accessTokens.scopes.write")}
              description={t("accessTokens.form.writeDescription")}
            />
          </Stack>
        </Radio.Group>
        <ModalFormFooter pending={create.isPending} onCancel={onCancel} submitLabel={t("accessTokens.form.create")} />
      </Stack>
    </form>
  );
}

/** The token, this once: the server keeps only its hash, so nothing can show it again. */
function CreatedAccessTokenPanel({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t("accessTokens.shown.warning")}
      </Alert>
      {/* The whole token in view, wrapped on a phone, so that a person who copies it by hand sees all of it. */}
      <Textarea
        label={t("accessTokens.shown.label", { name: token.name })}
        value={token.token}
        readOnly
        autosize
        minRows={1}
        onFocus={(event) => event.currentTarget.select()}
        styles={tokenField}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <CopySecretButton
          value={token.token}
          copyLabel={t("accessTokens.shown.copy")}
          copiedLabel={t("accessTokens.shown.copied")}
        />
        <Button variant="default" onClick={onDone}>
          {t("accessTokens.shown.done")}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A new token: its name, lifetime and scope, then the token itself with a way to copy it. Once shown, the dialog
 * closes only through Done, so that a stray click or Escape does not lose a token before it is copied.
 */
export function AccessTokenFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAccessToken();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const shown = created !== null;
  // Closed while the token is being made, the dialog would lose it: it waits for the answer.
  const close = () => {
    if (!create.isPending) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={shown ? t("accessTokens.shown.title") : t("accessTokens.form.title")}
      closeOnClickOutside={!shown}
      closeOnEscape={!shown}
      withCloseButton={!shown}
      size="lg"
    >
      {created ? (
        <CreatedAccessTokenPanel token={created} onDone={onClose} />
      ) : (
        <AccessTokenForm create={create} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}
