import { Modal, Stack, Text, Textarea } from "@mantine/core";
import type { TimesheetApprovalRow } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { formatDate } from "../../../lib/format";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { type TimesheetDecision, useDecideTimesheet } from "../api/decide-timesheet";

export interface DecisionTarget {
  row: TimesheetApprovalRow;
  decision: TimesheetDecision;
}

/** Same limit as the server's (decision 026): a note of at most 2000 characters. */
const noteMaxLength = 2000;

function useDecisionTexts({ row, decision }: DecisionTarget) {
  const { t } = useTranslation();
  const name = row.nominative;
  const from = formatDate(row.period_start);
  const to = formatDate(row.period_end);
  return {
    approve: {
      title: t("approvals.dialog.approveTitle", { name }),
      message: t("approvals.dialog.approveMessage", { from, to }),
      label: t("approvals.dialog.noteOptional"),
      required: "",
      confirm: t("approvals.approve"),
      done: t("approvals.approved"),
    },
    reject: {
      title: t("approvals.dialog.rejectTitle", { name }),
      message: t("approvals.dialog.rejectMessage", { name }),
      label: t("approvals.dialog.rejectNote"),
      required: t("approvals.dialog.rejectNoteRequired"),
      confirm: t("approvals.reject"),
      done: t("approvals.rejected"),
    },
    reopen: {
      title: t("approvals.dialog.reopenTitle", { name }),
      message: t("approvals.dialog.reopenMessage", { from, to }),
      label: t("approvals.dialog.reopenNote"),
      required: t("approvals.dialog.reopenNoteRequired"),
      confirm: t("approvals.reopen"),
      done: t("approvals.reopened"),
    },
  }[decision];
}

function DecisionForm({ orgId, target, onClose }: { orgId: string; target: DecisionTarget; onClose: () => void }) {
  const decide = useDecideTimesheet();
  const texts = useDecisionTexts(target);
  const [note, setNote] = useState("");
  const [showError, setShowError] = useState(false);
  // Rejecting says what to correct; reopening gives the reason the audit log keeps.
  const noteRequired = target.decision !== "approve";
  const missingNote = noteRequired && note.trim() === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missingNote) {
      setShowError(true);
      return;
    }
    decide.mutate(
      {
        orgId,
        userId: target.row.user_id,
        periodStart: target.row.period_start,
        decision: target.decision,
        note: note.trim(),
      },
      {
        onSuccess: () => {
          notifySuccess({ message: texts.done });
          onClose();
        },
        onError: notifyRequestError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{texts.message}</Text>
        <Textarea
          label={texts.label}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          required={noteRequired}
          error={showError && missingNote ? texts.required : undefined}
          maxLength={noteMaxLength}
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
        />
        <ModalFormFooter pending={decide.isPending} onCancel={onClose} submitLabel={texts.confirm} />
      </Stack>
    </form>
  );
}

/**
 * Approve (a note may be added), reject (a note saying what to correct) or reopen (a reason, kept in the audit log) one
 * person's period.
 */
export function TimesheetDecisionModal({
  orgId,
  opened,
  target,
  onClose,
}: {
  orgId: string;
  opened: boolean;
  /** Kept while the modal closes, so that its words stay until it has gone. */
  target: DecisionTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened && target !== null}
      onClose={onClose}
      title={target && <DecisionTitle target={target} />}
      centered
    >
      {target && (
        <DecisionForm
          key={`${target.row.user_id}/${target.row.period_start}/${target.decision}`}
          orgId={orgId}
          target={target}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function DecisionTitle({ target }: { target: DecisionTarget }) {
  return <>{useDecisionTexts(target).title}</>;
}
