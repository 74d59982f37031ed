import { Alert, Button, Center, Loader } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client";

export function LoadingState() {
  const { t } = useTranslation();
  return (
    <Center py={48} role="status" aria-label={t("common.loading")}>
      <Loader type="dots" />
    </Center>
  );
}

/** A failed load: the server's words when it gave any, and a way to try again. */
export function LoadErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t("common.error")}>
      {isApiError(error) && error.status !== 0 && <div>{error.ErrorMessage}</div>}
      <Button variant="light" color="red" size="xs" mt="sm" onClick={onRetry}>
        {t("queryState.retry")}
      </Button>
    </Alert>
  );
}
