import { Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export interface Choice<C extends string> {
  value: C;
  label: string;
  /** Why the choice cannot be taken, when it cannot. */
  disabledReason?: string;
}

export interface ChoiceDialogProps<C extends string> {
  opened: boolean;
  title: string;
  /** The question; with choices, it labels them. */
  message: string;
  /** None: a plain confirmation. */
  choices: Choice<C>[];
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: (choice: C | null) => void;
  onClose: () => void;
}

/**
 * A question over the event form: what a change or a deletion of a recurring event applies to (spec part 1 §4
 * "Recurrence"), or a plain confirmation.
 */
export function ChoiceDialog<C extends string>({ opened, onClose, title, ...props }: ChoiceDialogProps<C>) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={440} centered>
      {opened && <ChoiceBody onClose={onClose} {...props} />}
    </Modal>
  );
}

function ChoiceBody<C extends string>({
  message,
  choices,
  confirmLabel,
  danger = false,
  pending,
  onConfirm,
  onClose,
}: Omit<ChoiceDialogProps<C>, "opened" | "title">) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<C | null>(
    () => choices.find((option) => option.disabledReason === undefined)?.value ?? null,
  );
  return (
    <Stack gap="md">
      {choices.length === 0 ? (
        <Text size="sm">{message}</Text>
      ) : (
        <Radio.Group label={message} value={choice} onChange={(value) => setChoice(value as C)}>
          <Stack gap="sm" mt={8}>
            {choices.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                description={option.disabledReason}
                disabled={option.disabledReason !== undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pending}>
          {t("common.cancel")}
        </Button>
        <Button
          color={danger ? "red" : undefined}
          loading={pending}
          disabled={choices.length > 0 && choice === null}
          onClick={() => onConfirm(choice)}
          data-autofocus
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
