import { ColorInput, Modal, NumberInput, Stack, Switch, TextInput } from "@mantine/core";
import { type TimeOffKind, timeOffKindInputSchema } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { useCreateTimeOffKind, useUpdateTimeOffKind } from "../api/time-off-kind-mutations";

const defaultColor = "#12b886";
const swatches = ["#228be6", "#fa5252", "#fab005", "#868e96", "#12b886", "#7950f2", "#e64980", "#fd7e14"];

type Errors = Partial<Record<"name" | "color" | "yearly_allowance_days", string>>;

function KindForm({
  organizationId,
  kind,
  onClose,
}: {
  organizationId: string;
  kind: TimeOffKind | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTimeOffKind(organizationId);
  const update = useUpdateTimeOffKind(organizationId);
  const [name, setName] = useState(kind?.name ?? "");
  const [color, setColor] = useState(kind?.color ?? defaultColor);
  const [paid, setPaid] = useState(kind?.paid ?? true);
  const [needsApproval, setNeedsApproval] = useState(kind?.needs_approval ?? true);
  const [allowance, setAllowance] = useState<number | string>(kind?.yearly_allowance_days ?? "");
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = timeOffKindInputSchema.safeParse({
      name,
      color,
      paid,
      needs_approval: needsApproval,
      // An empty allowance keeps none: the kind's days are not counted against a yearly figure.
      yearly_allowance_days: typeof allowance === "number" ? allowance : null,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors | undefined;
        if (!field || next[field]) continue;
        next[field] =
          field === "name"
            ? t("holidays.validations.nameRequired")
            : field === "color"
              ? t("holidays.validations.colorInvalid")
              : t("holidays.validations.allowanceRange");
      }
      setErrors(next);
      return;
    }
    if (kind)
      update.mutate({ kindId: kind.id, data: parsed.data }, mutationToasts(t("holidays.kinds.updated"), onClose));
    else create.mutate(parsed.data, mutationToasts(t("holidays.kinds.created"), onClose));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("holidays.kinds.name")}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={errors.name}
          required
          data-autofocus
        />
        <ColorInput
          label={t("holidays.kinds.color")}
          value={color}
          onChange={(value) => {
            setColor(value);
            setErrors((current) => ({ ...current, color: undefined }));
          }}
          swatches={swatches}
          swatchesPerRow={8}
          error={errors.color}
          required
        />
        <Switch label={t("holidays.kinds.paid")} checked={paid} onChange={(e) => setPaid(e.currentTarget.checked)} />
        <Switch
          label={t("holidays.kinds.needsApproval")}
          description={t("holidays.kinds.needsApprovalDescription")}
          checked={needsApproval}
          onChange={(e) => setNeedsApproval(e.currentTarget.checked)}
        />
        <NumberInput
          label={t("holidays.kinds.allowance")}
          description={t("holidays.kinds.allowanceDescription")}
          value={allowance}
          onChange={(value) => {
            setAllowance(value);
            setErrors((current) => ({ ...current, yearly_allowance_days: undefined }));
          }}
          min={0}
          max={366}
          step={1}
          decimalScale={1}
          decimalSeparator={t("timeOff.decimalSeparator")}
          error={errors.yearly_allowance_days}
        />
        <ModalFormFooter pending={create.isPending || update.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** A kind of time off's form. */
export function TimeOffKindModal({
  organizationId,
  opened,
  kind,
  onClose,
}: {
  organizationId: string;
  opened: boolean;
  kind: TimeOffKind | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind ? t("holidays.kinds.editTitle") : t("holidays.kinds.newTitle")}
    >
      <KindForm key={kind?.id ?? "new"} organizationId={organizationId} kind={kind} onClose={onClose} />
    </Modal>
  );
}
