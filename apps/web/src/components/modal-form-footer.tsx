import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ModalFormFooterProps {
  /** While the form is being saved: the save button spins and cancel waits for the answer. */
  pending: boolean;
  onCancel: () => void;
  /** The submit button's words; "Save" without them. */
  submitLabel?: string;
  /** Nothing to save: a single button closes the modal. */
  readOnly?: boolean;
  /** The read-only modal's closing button; "OK" without it. */
  closeLabel?: string;
  /** On the left, apart from cancel and save: an action on the item itself, such as deleting it. */
  start?: ReactNode;
  /** The id of the form the save button submits, when the footer sits outside it (below another section). */
  form?: string;
}

/** The buttons at the foot of a modal's form, the submit one last. */
export function ModalFormFooter({
  pending,
  onCancel,
  submitLabel,
  readOnly = false,
  closeLabel,
  start,
  form,
}: ModalFormFooterProps) {
  const { t } = useTranslation();
  return (
    <Group justify={start ? "space-between" : "flex-end"} gap="sm" mt="xs">
      {start}
      <Group gap="sm">
        {readOnly ? (
          <Button variant="default" onClick={onCancel}>
            {closeLabel ?? t("common.ok")}
          </Button>
        ) : (
          <>
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" form={form} loading={pending}>
              {submitLabel ?? t("common.save")}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
