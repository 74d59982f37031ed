import { Button, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { EmailField } from "./email-field";

export function LostPasswordForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const canSubmit = email.trim() !== "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: () => notifySuccess({ message: t("screens.lostPassword.requestSuccess") }),
        onError: () => notifyError({ message: t("common.error") }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" fullWidth size="md" disabled={!canSubmit} loading={request.isPending}>
          {t("screens.lostPassword.send")}
        </Button>
      </Stack>
    </form>
  );
}
