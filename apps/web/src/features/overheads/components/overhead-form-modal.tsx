import { Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { type CalendarDate, clampToDate, type Overhead, overheadInputSchema, todayIn } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { EuroInput } from "../../../components/euro-input";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { useCreateOverhead } from "../api/create-overhead";
import { useUpdateOverhead } from "../api/update-overhead";

type Errors = Partial<Record<"amount" | "from_date" | "to_date", string>>;

export interface OverheadFormModalProps {
  orgId: string;
  opened: boolean;
  /** The overhead to edit; null for a new one. */
  overhead: Overhead | null;
  onClose: () => void;
}

function OverheadForm({ orgId, overhead, onClose }: Omit<OverheadFormModalProps, "opened">) {
  const { t } = useTranslation();
  const create = useCreateOverhead(orgId);
  const update = useUpdateOverhead(orgId);
  const pending = create.isPending || update.isPending;
  // Spec part 2 §2 "Contracts" and §5: the start defaults to today. The end starts empty, as the field's hint says
  // (no end): a record saved without touching it must not end on the day it starts.
  const [today] = useState(() => todayIn());
  const [amount, setAmount] = useState<number | string>(overhead?.amount ?? "");
  const [fromDate, setFromDate] = useState<CalendarDate | null>(overhead?.from_date ?? today);
  const [toDate, setToDate] = useState<CalendarDate | null>(overhead ? overhead.to_date : null);
  const [errors, setErrors] = useState<Errors>({});

  const changeFrom = (value: CalendarDate | null) => {
    setFromDate(value);
    // Spec part 2 §5: an end before the start is reset to the start.
    if (value) setToDate((current) => clampToDate(value, current));
    setErrors((current) => ({ ...current, from_date: undefined, to_date: undefined }));
  };

  const changeTo = (value: CalendarDate | null) => {
    setToDate(fromDate ? clampToDate(fromDate, value) : value);
    setErrors((current) => ({ ...current, to_date: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = overheadInputSchema.safeParse({
      amount: typeof amount === "number" ? amount : undefined,
      from_date: fromDate ?? "",
      to_date: toDate,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors | undefined;
        if (!field || next[field]) continue;
        if (field === "amount")
          next.amount =
            issue.code === "invalid_type"
              ? t("overheads.validations.amountRequired")
              : issue.code === "too_big"
                ? t("overheads.validations.amountTooLarge")
                : issue.message;
        else if (field === "from_date") next.from_date = t("overheads.validations.fromRequired");
        else next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    if (overhead) {
      update.mutate({ overheadId: overhead.uid, data: parsed.data }, mutationToasts(t("overheads.updated"), onClose));
    } else {
      create.mutate(parsed.data, mutationToasts(t("overheads.created"), onClose));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EuroInput
          label={t("overheads.amount")}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          error={errors.amount}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField
            label={t("overheads.from")}
            value={fromDate}
            onChange={changeFrom}
            error={errors.from_date}
            required
          />
          <DateField
            label={t("overheads.to")}
            value={toDate}
            onChange={changeTo}
            minDate={fromDate ?? undefined}
            error={errors.to_date}
            clearable
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          {t("overheads.toDescription")}
        </Text>
        <ModalFormFooter pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Spec part 2 §2 "Overheads": the add and edit modal. */
export function OverheadFormModal({ opened, overhead, onClose, ...props }: OverheadFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={overhead ? t("overheads.editTitle") : t("overheads.newTitle")}>
      <OverheadForm key={overhead?.uid ?? "new"} overhead={overhead} onClose={onClose} {...props} />
    </Modal>
  );
}
