import { Alert, Modal, Stack, TextInput } from "@mantine/core";
import { passkeyNameMaxLength, passkeyNameSchema } from "@timetrap/domain";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalFormFooter } from "../../../components/modal-form-footer";

/** What the ceremony left to say, shown in the dialog so the person can try again without retyping the name. */
export interface PasskeyNotice {
  message: string;
  /** A cancelled ceremony is the person's choice, told calmly; anything else is a failure. */
  tone: "calm" | "failure";
}

export interface PasskeyNameModalProps {
  opened: boolean;
  title: string;
  /** The words of the submit button: "Continue" when the browser's dialog comes next, else "Save". */
  submitLabel: string;
  initialName: string;
  pending: boolean;
  notice: PasskeyNotice | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

function NameForm({
  submitLabel,
  initialName,
  pending,
  notice,
  onSubmit,
  onClose,
}: Omit<PasskeyNameModalProps, "opened" | "title">) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]?.code === "too_big"
          ? t("screens.profile.passkeys.nameTooLong", { max: passkeyNameMaxLength })
          : t("screens.profile.passkeys.nameRequired"),
      );
      return;
    }
    onSubmit(parsed.data);
  };

  let noticeView: ReactNode = null;
  if (notice) {
    noticeView = (
      <Alert color={notice.tone === "calm" ? "gray" : "red"} variant="light" role="status">
        {notice.message}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("screens.profile.passkeys.name")}
          description={t("screens.profile.passkeys.nameDescription")}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={passkeyNameMaxLength + 20}
          required
          data-autofocus
        />
        {noticeView}
        <ModalFormFooter pending={pending} onCancel={onClose} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}

/** Asks a passkey's name: before adding one (then the browser's own dialog opens), or to rename one. */
export function PasskeyNameModal({ opened, title, onClose, ...props }: PasskeyNameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* Keyed so that each opening starts from the name it was opened with. */}
      <NameForm key={`${title}\u001f${props.initialName}`} onClose={onClose} {...props} />
    </Modal>
  );
}
