import { Anchor, Box, Button, Divider, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconApi, IconPlus } from "@tabler/icons-react";
import type { AccessToken } from "@timetrap/domain";
import dayjs from "dayjs";
import { Fragment, type ReactNode, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { AccessTokenExpiry, AccessTokenScopeBadge } from "../../../components/access-token-parts";
import { openConfirmation } from "../../../components/confirm-action";
import { ProfileSection } from "../../../components/profile-section";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { displayDateFormat } from "../../../lib/display-date";
import { mutationToasts } from "../../../lib/notify";
import { useAccessTokens } from "../api/get-access-tokens";
import { useRevokeAccessToken } from "../api/revoke-access-token";
import { AccessTokenFormModal } from "./access-token-form-modal";

const lastUsedFormat = `${displayDateFormat} HH:mm`;

/** The interactive reference the server serves beside the API. */
const apiReferenceHref = "/api/docs";

/** When the token was made, when it stops working and how much it has been used, each kept whole on narrow screens. */
function AccessTokenFacts({ token }: { token: AccessToken }) {
  const { t } = useTranslation();
  const facts: [key: string, fact: ReactNode][] = [
    ["created", t("accessTokens.created", { date: dayjs(token.created_at).format(displayDateFormat) })],
    ["expiry", <AccessTokenExpiry key="expiry" expiresAt={token.expires_at} />],
  ];
  if (token.last_used_at === null) facts.push(["used", t("accessTokens.neverUsed")]);
  else {
    facts.push(["used", t("accessTokens.lastUsed", { date: dayjs(token.last_used_at).format(lastUsedFormat) })]);
    facts.push(["uses", t("accessTokens.uses", { count: token.use_count })]);
  }
  return (
    <Text size="xs" c="dimmed">
      {facts.map(([key, fact], index) => (
        <Fragment key={key}>
          {index > 0 && " · "}
          <span style={{ whiteSpace: "nowrap" }}>{fact}</span>
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * The person's personal access tokens (decision 024): each with its scope, the first characters that tell it apart,
 * its dates and use; a new one is shown once, in the dialog that makes it, and any can be revoked.
 */
export function AccessTokensSection() {
  const { t } = useTranslation();
  const tokens = useAccessTokens();
  const revoke = useRevokeAccessToken();
  // Each opening starts a new dialog, so that a token shown once is gone when it is opened again.
  const [dialog, setDialog] = useState({ opened: false, key: 0 });

  const openForm = () => setDialog((current) => ({ opened: true, key: current.key + 1 }));

  const confirmRevoke = (token: AccessToken) =>
    openConfirmation({
      title: t("accessTokens.confirmRevokeTitle"),
      message: t("accessTokens.confirmRevokeMessage", { name: token.name }),
      confirmLabel: t("accessTokens.revoke"),
      destructive: true,
      onConfirm: () =>
        revoke.mutate({ tokenId: token.id }, mutationToasts(t("accessTokens.revoked", { name: token.name }))),
    });

  const newButton = (
    <Button variant="light" leftSection={<IconPlus size={18} />} onClick={openForm}>
      {t("accessTokens.new")}
    </Button>
  );

  return (
    <ProfileSection
      id="access-tokens-title"
      title={t("accessTokens.title")}
      description={
        <Trans
          i18nKey="accessTokens.description"
          components={{
            docs: <Anchor href={apiReferenceHref} target="_blank" rel="noopener" inherit underline="always" />,
          }}
        />
      }
    >
      {tokens.isPending ? (
        <LoadingState />
      ) : tokens.isError ? (
        <LoadErrorState
          error={tokens.error}
          title={t("accessTokens.loadError")}
          onRetry={() => void tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        <EmptyListState
          icon={IconApi}
          title={t("accessTokens.empty")}
          description={t("accessTokens.emptyDescription")}
          action={newButton}
        />
      ) : (
        <Stack gap="md">
          {tokens.data.map((token, index) => (
            <Fragment key={token.id}>
              {index > 0 && <Divider />}
              {/* On a phone the button goes under the token rather than squeezing it. */}
              <Group wrap="wrap" gap="md" align="flex-start" data-testid="access-token-row">
                <ThemeIcon variant="light" color="indigo" size={40} radius="md" visibleFrom="sm">
                  <IconApi size={20} />
                </ThemeIcon>
                <Box style={{ flex: "1 1 260px", minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                      {token.name}
                    </Text>
                    <AccessTokenScopeBadge scope={token.scope} />
                  </Group>
                  <Text size="xs" ff="monospace" my={2} style={{ overflowWrap: "anywhere" }}>
                    {token.hint}
                  </Text>
                  <AccessTokenFacts token={token} />
                </Box>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  ml="auto"
                  loading={revoke.isPending && revoke.variables?.tokenId === token.id}
                  onClick={() => confirmRevoke(token)}
                  aria-label={t("accessTokens.revokeLabel", { name: token.name })}
                >
                  {t("accessTokens.revoke")}
                </Button>
              </Group>
            </Fragment>
          ))}
          <Divider />
          <Group justify="flex-end">{newButton}</Group>
        </Stack>
      )}
      <AccessTokenFormModal
        key={dialog.key}
        opened={dialog.opened}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </ProfileSection>
  );
}
