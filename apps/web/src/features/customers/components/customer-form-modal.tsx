import { Button, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type Customer, type CustomerInputFields, customerInputSchema } from "@timetrap/domain";
import type { TFunction } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useCreateCustomer } from "../../../api/create-customer";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { useUpdateCustomer } from "../api/update-customer";

type Field = keyof CustomerInputFields;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

function valuesOf(customer: Customer | null): Values {
  return {
    nominative: customer?.nominative ?? "",
    email: customer?.email ?? "",
    fiscal_code: customer?.fiscal_code ?? "",
    vat_number: customer?.vat_number ?? "",
    external_id: customer?.external_id ?? "",
  };
}

/** The schema's issues, in the reader's language; the schema's own English text stays the server's answer. */
function errorsOf(issues: z.core.$ZodIssue[], values: Values, t: TFunction): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field | undefined;
    if (!field || errors[field]) continue;
    if (issue.code === "too_big") errors[field] = t("customers.validations.tooLong", { max: Number(issue.maximum) });
    else if (field === "nominative")
      errors[field] = values.nominative.trim()
        ? t("customers.validations.nominativeTooShort")
        : t("customers.validations.nominativeRequired");
    else if (field === "email") errors[field] = t("customers.validations.emailInvalid");
    else errors[field] = issue.message;
  }
  return errors;
}

export interface CustomerFormModalProps {
  orgId: string;
  opened: boolean;
  /** The customer to edit; null for a new one. */
  customer: Customer | null;
  /** Without the right to edit, the modal shows the customer and changes nothing. */
  readOnly: boolean;
  /** Given when the role may delete: opens the confirmation for this customer. */
  onDelete?: (customer: Customer) => void;
  onClose: () => void;
}

function CustomerForm({ orgId, customer, readOnly, onDelete, onClose }: Omit<CustomerFormModalProps, "opened">) {
  const { t } = useTranslation();
  const create = useCreateCustomer(orgId);
  const update = useUpdateCustomer(orgId);
  const [values, setValues] = useState<Values>(() => valuesOf(customer));
  const [errors, setErrors] = useState<Errors>({});
  const pending = create.isPending || update.isPending;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const parsed = customerInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues, values, t));
      return;
    }
    if (customer) {
      update.mutate({ customerId: customer.uid, data: parsed.data }, mutationToasts(t("customers.updated"), onClose));
    } else {
      create.mutate(parsed.data, mutationToasts(t("customers.created"), onClose));
    }
  };

  const input = (field: Field, label: string, extra: { description?: string; type?: string } = {}) => (
    <TextInput
      label={label}
      value={values[field]}
      onChange={(event) => change(field, event.currentTarget.value)}
      error={errors[field]}
      readOnly={readOnly}
      required={field === "nominative"}
      data-autofocus={field === "nominative" ? true : undefined}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {input("nominative", t("customers.nominative"))}
        {input("email", t("customers.email"), { type: "email" })}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {input("fiscal_code", t("customers.fiscalCode"))}
          {input("vat_number", t("customers.vatNumber"))}
        </SimpleGrid>
        {input("external_id", t("customers.externalId"), { description: t("customers.externalIdDescription") })}
        <ModalFormFooter
          pending={pending}
          onCancel={onClose}
          readOnly={readOnly}
          start={
            customer && onDelete ? (
              <Button variant="subtle" color="red" onClick={() => onDelete(customer)} disabled={pending}>
                {t("customers.deleteTitle")}
              </Button>
            ) : undefined
          }
        />
      </Stack>
    </form>
  );
}

/** Spec part 2 §2 "Customers": one modal for a new customer (empty) and for an existing one. */
export function CustomerFormModal({ opened, customer, readOnly, onClose, ...props }: CustomerFormModalProps) {
  const { t } = useTranslation();
  const title = readOnly ? t("customers.viewTitle") : customer ? t("customers.editTitle") : t("customers.newTitle");
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      {/* Keyed so each opening starts from the customer's saved values. */}
      <CustomerForm key={customer?.uid ?? "new"} customer={customer} readOnly={readOnly} onClose={onClose} {...props} />
    </Modal>
  );
}
