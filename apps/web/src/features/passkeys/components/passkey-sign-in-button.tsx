import { Button, Stack, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client";
import { notifyError } from "../../../lib/notify";
import type { PasskeyNotice } from "../../../lib/passkey-failure";
import { useSession } from "../../../lib/session";

/**
 * Signs in with a passkey alone (decision 019). The ceremony and the WebAuthn library are fetched when pressed, so the
 * sign-in screen's first load stays within its budget (decision 016). What went wrong in the browser is said under the
 * button; a cancel is told calmly, as the person's choice.
 */
export function PasskeySignInButton() {
  const { t } = useTranslation();
  const session = useSession();
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<PasskeyNotice | null>(null);

  const start = () => {
    setPending(true);
    setNotice(null);
    import("../api/sign-in-with-passkey")
      .then((module) => module.signInWithPasskey())
      .then(
        (response) => session.signIn(response),
        (error: unknown) => {
          if (isApiError(error)) {
            notifyError({ title: t("screens.login.passkey.failed"), message: error.ErrorMessage });
            return;
          }
          // The failure texts are fetched with a failure: the sign-in screen's first load stays within its budget.
          return import("../../../lib/passkey-failure").then((module) =>
            setNotice(module.passkeyFailureNotice(error, t)),
          );
        },
      )
      .finally(() => setPending(false));
  };

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        fullWidth
        size="md"
        leftSection={<IconKey size={18} />}
        loading={pending}
        onClick={start}
      >
        {t("screens.login.passkey.button")}
      </Button>
      {notice && (
        <Text size="sm" ta="center" c={notice.tone === "calm" ? "dimmed" : "red"} role="status">
          {notice.message}
        </Text>
      )}
    </Stack>
  );
}
