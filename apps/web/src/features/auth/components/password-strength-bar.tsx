import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PasswordStrengthState } from "./use-password-strength";

const scoreColors = ["red", "red", "orange", "teal", "green"] as const;

/** The strength meter's verdict on a new password: a bar in the score's colour, the level and the reason. */
export function PasswordStrengthBar({ strength }: { strength: Extract<PasswordStrengthState, { state: "ready" }> }) {
  const { t } = useTranslation();
  const level = t(`screens.login.passwordStrength.${strength.score}`);
  return (
    <Stack gap={4} data-testid="password-strength">
      <Progress.Root size="sm">
        <Progress.Section
          value={(strength.score + 1) * 20}
          color={scoreColors[strength.score]}
          aria-label={t("screens.login.passwordStrength.label")}
        />
      </Progress.Root>
      <Text size="xs" c={strength.acceptable ? "dimmed" : scoreColors[strength.score]}>
        {t("screens.login.passwordStrength.label")}: {level}
        {strength.reason ? ` — ${strength.reason}` : ""}
      </Text>
    </Stack>
  );
}
