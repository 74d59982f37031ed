import { Badge, Text } from "@mantine/core";
import { type AccessTokenScope, isAccessTokenLive } from "@timetrap/domain";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { displayDateFormat } from "../lib/display-date";

/** A token's scope as a badge: read only, or read and write (which can change data, so it stands out). */
export function AccessTokenScopeBadge({ scope }: { scope: AccessTokenScope }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={scope === "write" ? "orange" : "teal"} size="sm">
      {scope === "write" ? t("accessTokens.scopes.write") : t("accessTokens.scopes.read")}
    </Badge>
  );
}

/** When a token stops working: never, on a date, or (in red) that it has. */
export function AccessTokenExpiry({ expiresAt }: { expiresAt: number | null }) {
  const { t } = useTranslation();
  if (expiresAt === null) return t("accessTokens.neverExpires");
  const date = dayjs(expiresAt).format(displayDateFormat);
  if (isAccessTokenLive(expiresAt, Date.now())) return t("accessTokens.expires", { date });
  return (
    <Text span inherit c="red.7" fw={500}>
      {t("accessTokens.expired", { date })}
    </Text>
  );
}
