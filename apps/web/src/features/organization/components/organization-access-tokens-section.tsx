import { Box, Button, Divider, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconApi } from "@tabler/icons-react";
import type { OrganizationAccessToken } from "@timetrap/domain";
import dayjs from "dayjs";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { AccessTokenExpiry, AccessTokenScopeBadge } from "../../../components/access-token-parts";
import { openConfirmation } from "../../../components/confirm-action";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { displayDateFormat } from "../../../lib/display-date";
import { mutationToasts } from "../../../lib/notify";
import { useOrganizationAccessTokens } from "../api/get-organization-access-tokens";
import { useRevokeOrganizationAccessToken } from "../api/revoke-organization-access-token";

const lastUsedFormat = `${displayDateFormat} HH:mm`;

/** The words that name a token to its admin: its name and whose it is. */
function words(token: OrganizationAccessToken) {
  return { name: token.name, person: token.nominative };
}

/**
 * Every personal access token of the organization's members (decision 024), for those who may edit the organization:
 * whose each is, its scope and use, and a way to revoke it, say when a member has left and a script of theirs has not.
 */
export function OrganizationAccessTokensSection({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const tokens = useOrganizationAccessTokens(orgId);
  const revoke = useRevokeOrganizationAccessToken();

  const confirmRevoke = (token: OrganizationAccessToken) =>
    openConfirmation({
      title: t("accessTokens.confirmRevokeTitle"),
      message: t("accessTokens.organization.confirmRevokeMessage", words(token)),
      confirmLabel: t("accessTokens.revoke"),
      destructive: true,
      onConfirm: () =>
        revoke.mutate(
          { orgId, tokenId: token.id },
          mutationToasts(t("accessTokens.organization.revoked", words(token))),
        ),
    });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "xl" }}
      mt="lg"
      component="section"
      aria-labelledby="organization-access-tokens"
    >
      <Title order={2} fz={16} id="organization-access-tokens">
        {t("accessTokens.title")}
      </Title>
      <Text size="sm" c="dimmed" mt={4} maw={560}>
        {t("accessTokens.organization.description")}
      </Text>
      <Divider my="lg" />
      {tokens.isPending ? (
        <LoadingState />
      ) : tokens.isError ? (
        <LoadErrorState
          error={tokens.error}
          title={t("accessTokens.organization.loadError")}
          onRetry={() => void tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        <EmptyListState icon={IconApi} title={t("accessTokens.organization.empty")} />
      ) : (
        <Stack gap="md">
          {tokens.data.map((token, index) => (
            <Fragment key={token.id}>
              {index > 0 && <Divider />}
              <Group wrap="wrap" gap="md" align="flex-start" data-testid="organization-access-token-row">
                <Box style={{ flex: "1 1 260px", minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                    {token.nominative}
                  </Text>
                  <Group gap="xs" mt={2}>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {token.name}
                    </Text>
                    <AccessTokenScopeBadge scope={token.scope} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    <Text span inherit ff="monospace" c="var(--mantine-color-text)">
                      {token.hint}
                    </Text>{" "}
                    ·{" "}
                    <span style={{ whiteSpace: "nowrap" }}>
                      {token.last_used_at === null
                        ? t("accessTokens.neverUsed")
                        : t("accessTokens.lastUsed", { date: dayjs(token.last_used_at).format(lastUsedFormat) })}
                    </span>{" "}
                    ·{" "}
                    <span style={{ whiteSpace: "nowrap" }}>
                      <AccessTokenExpiry expiresAt={token.expires_at} />
                    </span>
                  </Text>
                </Box>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  ml="auto"
                  loading={revoke.isPending && revoke.variables?.tokenId === token.id}
                  onClick={() => confirmRevoke(token)}
                  aria-label={t("accessTokens.organization.revokeLabel", words(token))}
                >
                  {t("accessTokens.revoke")}
                </Button>
              </Group>
            </Fragment>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
