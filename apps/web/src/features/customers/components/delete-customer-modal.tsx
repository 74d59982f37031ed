import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type Customer, customerDeleteLabels, deletionSlug } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../lib/i18n";
import { mutationToasts } from "../../../lib/notify";
import { useDeleteCustomer } from "../api/delete-customer";

export interface DeleteCustomerModalProps {
  orgId: string;
  opened: boolean;
  customer: Customer | null;
  onClose: () => void;
  onDeleted: () => void;
}

function DeleteCustomerForm({
  orgId,
  customer,
  onClose,
  onDeleted,
}: Omit<DeleteCustomerModalProps, "opened"> & {
  customer: Customer;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCustomer(orgId);
  const [typed, setTyped] = useState("");
  // The typed slug starts with the button's own label, in the language the button is shown in (spec part 2 §2).
  const label = customerDeleteLabels[currentLanguage()];
  const slug = deletionSlug(label, customer.nominative);
  const confirmed = typed.trim() === slug;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    remove.mutate({ customerId: customer.uid, slug }, mutationToasts(t("customers.deleted"), onDeleted));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t("customers.deleteWarning", { name: customer.nominative })}
        </Alert>
        <div>
          <Text size="sm">{t("customers.typeSlug")}</Text>
          <Code fz="sm" mt={4} style={{ wordBreak: "break-all" }}>
            {slug}
          </Code>
        </div>
        <TextInput
          label={t("customers.slugLabel")}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" color="red" disabled={!confirmed} loading={remove.isPending}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Spec part 2 §2 "Customers": a warning, then the delete button stays disabled until the slug is typed. */
export function DeleteCustomerModal({ opened, customer, onClose, ...props }: DeleteCustomerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened && customer !== null} onClose={onClose} title={t("customers.deleteTitle")}>
      {customer && <DeleteCustomerForm key={customer.uid} customer={customer} onClose={onClose} {...props} />}
    </Modal>
  );
}
