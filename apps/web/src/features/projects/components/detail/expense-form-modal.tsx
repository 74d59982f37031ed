import { Input, Modal, SegmentedControl, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { type CalendarDate, type Expense, expenseInputSchema } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../../components/date-field";
import { EuroInput } from "../../../../components/euro-input";
import { ModalFormFooter } from "../../../../components/modal-form-footer";
import { mutationToasts } from "../../../../lib/notify";
import { useCreateExpense } from "../../api/create-expense";
import { useUpdateExpense } from "../../api/update-expense";

type TextField = "title" | "supplier" | "approver" | "description";
type Errors = Partial<Record<TextField | "amount" | "transacation_date", string>>;
type ExpenseType = "estimate" | "final_balance";

export interface ExpenseFormModalProps {
  organizationId: string;
  projectId: string;
  opened: boolean;
  /** The expense to edit; null for a new one. */
  expense: Expense | null;
  onClose: () => void;
}

function ExpenseForm({ organizationId, projectId, expense, onClose }: Omit<ExpenseFormModalProps, "opened">) {
  const { t } = useTranslation();
  const create = useCreateExpense(organizationId, projectId);
  const update = useUpdateExpense(organizationId, projectId);
  const pending = create.isPending || update.isPending;
  const [texts, setTexts] = useState<Record<TextField, string>>({
    title: expense?.title ?? "",
    supplier: expense?.supplier ?? "",
    approver: expense?.approver ?? "",
    description: expense?.description ?? "",
  });
  const [amount, setAmount] = useState<number | string>(expense?.amount ?? "");
  const [type, setType] = useState<ExpenseType>(expense?.is_final_balance ? "final_balance" : "estimate");
  const [billable, setBillable] = useState(expense?.is_billable ?? false);
  const [transactionDate, setTransactionDate] = useState<CalendarDate | null>(expense?.transacation_date ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const isFinalBalance = type === "final_balance";

  const changeText = (field: TextField, value: string) => {
    setTexts((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const changeType = (value: ExpenseType) => {
    setType(value);
    // Spec part 2 §4: an estimate is never billable.
    if (value === "estimate") setBillable(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = expenseInputSchema.safeParse({
      ...texts,
      amount: typeof amount === "number" ? amount : undefined,
      is_final_balance: isFinalBalance,
      is_billable: isFinalBalance && billable,
      transacation_date: transactionDate,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors | undefined;
        if (!field || next[field]) continue;
        if (field === "title")
          next.title =
            issue.code === "too_big"
              ? t("expenses.validations.tooLong", { max: Number(issue.maximum) })
              : t("screens.expenses.validations.titleRequired");
        else if (field === "amount")
          next.amount =
            issue.code === "invalid_type"
              ? t("screens.expenses.validations.amountRequired")
              : issue.code === "too_big"
                ? t("expenses.validations.amountTooLarge")
                : issue.message;
        else if (issue.code === "too_big")
          next[field] = t("expenses.validations.tooLong", { max: Number(issue.maximum) });
        else next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    if (expense)
      update.mutate({ expenseId: expense.uid, data: parsed.data }, mutationToasts(t("expenses.updated"), onClose));
    else create.mutate(parsed.data, mutationToasts(t("expenses.created"), onClose));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("expenses.title")}
          value={texts.title}
          onChange={(event) => changeText("title", event.currentTarget.value)}
          error={errors.title}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <EuroInput
            size="md"
            label={t("expenses.amount")}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errors.amount}
            required
          />
          <DateField
            size="md"
            label={t("expenses.transactionDate")}
            value={transactionDate}
            onChange={setTransactionDate}
            error={errors.transacation_date}
            clearable
          />
        </SimpleGrid>
        <Input.Wrapper label={t("expenses.type")} labelElement="div">
          <SegmentedControl
            size="md"
            fullWidth
            mt={4}
            value={type}
            onChange={changeType}
            data={[
              { value: "estimate", label: t("expenses.types.estimate") },
              { value: "final_balance", label: t("expenses.types.final_balance") },
            ]}
          />
        </Input.Wrapper>
        <Switch
          label={t("expenses.isBillable")}
          description={isFinalBalance ? undefined : t("expenses.billableHint")}
          checked={isFinalBalance && billable}
          disabled={!isFinalBalance}
          onChange={(event) => setBillable(event.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t("expenses.supplier")}
            value={texts.supplier}
            onChange={(event) => changeText("supplier", event.currentTarget.value)}
            error={errors.supplier}
          />
          <TextInput
            label={t("expenses.approver")}
            value={texts.approver}
            onChange={(event) => changeText("approver", event.currentTarget.value)}
            error={errors.approver}
          />
        </SimpleGrid>
        <Textarea
          size="md"
          label={t("expenses.description")}
          value={texts.description}
          onChange={(event) => changeText("description", event.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={2}
          maxRows={8}
        />
        <ModalFormFooter pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Spec part 2 §2 "Project detail": the expense modal, for a new expense (empty) and for an existing one. */
export function ExpenseFormModal({ opened, expense, onClose, ...props }: ExpenseFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={expense ? t("expenses.editTitle") : t("expenses.newTitle")}
    >
      <ExpenseForm key={expense?.uid ?? "new"} expense={expense} onClose={onClose} {...props} />
    </Modal>
  );
}
