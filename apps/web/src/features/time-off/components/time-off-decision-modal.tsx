import { Modal, Stack, Text, Textarea } from "@mantine/core";
import type { TimeOff, TimeOffDecision, TimeOffKind } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { useDecideTimeOff } from "../api/time-off";
import { timeOffDates } from "../lib/time-off-text";
import { useAmountText } from "./time-off-table";

export interface DecisionTarget {
  timeOff: TimeOff;
  status: TimeOffDecision;
}

/** The longest note a decision carries, as the server keeps it. */
const noteMaxLength = 1000;

function DecisionForm({
  organizationId,
  target,
  kinds,
  names,
  onClose,
}: {
  organizationId: string;
  target: DecisionTarget;
  kinds: TimeOffKind[];
  names: Map<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideTimeOff(organizationId);
  const amountText = useAmountText();
  const [note, setNote] = useState("");
  const { timeOff, status } = target;
  const kind = kinds.find((candidate) => candidate.id === timeOff.kind_id);
  const person = names.get(timeOff.user_id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate(
      { timeOffId: timeOff.id, data: { status, note: note.trim() } },
      mutationToasts(t(`timeOff.decided.${status}`), onClose),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {[person, kind?.name, timeOffDates(timeOff), amountText(timeOff)].filter(Boolean).join(" · ")}
        </Text>
        {timeOff.note && (
          <Text size="sm" c="dimmed">
            {t("timeOff.requestNote", { note: timeOff.note })}
          </Text>
        )}
        <Textarea
          label={t("timeOff.decisionNote")}
          description={status === "rejected" ? t("timeOff.rejectNoteDescription") : undefined}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={noteMaxLength}
          autosize
          minRows={2}
          data-autofocus
        />
        <ModalFormFooter pending={decide.isPending} onCancel={onClose} submitLabel={t(`timeOff.confirm.${status}`)} />
      </Stack>
    </form>
  );
}

/** Approve or reject a request with a note, or cancel a time off (decision 026's transitions). */
export function TimeOffDecisionModal({
  organizationId,
  target,
  kinds,
  names,
  onClose,
}: {
  organizationId: string;
  target: DecisionTarget | null;
  kinds: TimeOffKind[];
  names: Map<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? t(`timeOff.decisionTitle.${target.status}`) : ""}>
      {target && (
        <DecisionForm
          key={`${target.timeOff.id}:${target.status}`}
          organizationId={organizationId}
          target={target}
          kinds={kinds}
          names={names}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
