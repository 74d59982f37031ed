import { Modal, Stack, TextInput } from "@mantine/core";
import { type WorkflowStatus, workflowStatusInputSchema } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { useCreateWorkflowStatus } from "../api/create-workflow-status";
import { useUpdateWorkflowStatus } from "../api/update-workflow-status";

export interface WorkflowStatusModalProps {
  orgId: string;
  opened: boolean;
  /** The status to rename; null for a new one. */
  status: WorkflowStatus | null;
  onClose: () => void;
}

function WorkflowStatusForm({ orgId, status, onClose }: Omit<WorkflowStatusModalProps, "opened">) {
  const { t } = useTranslation();
  const create = useCreateWorkflowStatus(orgId);
  const update = useUpdateWorkflowStatus(orgId);
  const [name, setName] = useState(status?.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = workflowStatusInputSchema.safeParse({ name });
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((issue) => issue.code === "too_big");
      setError(tooLong ? t("projectWorkflowForm.nameTooLong") : t("projectWorkflowForm.nameRequired"));
      return;
    }
    if (status) {
      update.mutate({ statusId: status.uid, data: parsed.data }, mutationToasts(t("workflows.updated"), onClose));
    } else {
      create.mutate(parsed.data, mutationToasts(t("workflows.created"), onClose));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("workflows.name")}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          data-autofocus
        />
        <ModalFormFooter pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Spec part 2 §2 "Workflows": the modal to create or rename a status. */
export function WorkflowStatusModal({ opened, status, onClose, ...props }: WorkflowStatusModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={status ? t("workflows.editTitle") : t("workflows.newTitle")}>
      <WorkflowStatusForm key={status?.uid ?? "new"} status={status} onClose={onClose} {...props} />
    </Modal>
  );
}
