import { Modal, Select, Stack, TextInput } from "@mantine/core";
import { type InviteUserInput, inviteUserInputSchema } from "@timetrap/domain";
import type { ParseKeys } from "i18next";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRoles } from "../../../api/get-roles";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { useInviteUser } from "../api/invite-user";

interface InviteValues {
  email: string;
  nominative: string;
  roleId: string | null;
}

type InviteErrors = Partial<Record<keyof InviteValues, ParseKeys>>;

/**
 * The invitation is checked with the server's own schema; its failures are told with the spec's keys
 * (part 2 §5: inviteUserForm.emailInvalid, emailRequired, nominativeRequired, roleRequired).
 */
export function validateInvite(
  values: InviteValues,
): { data: InviteUserInput; errors: null } | { data: null; errors: InviteErrors } {
  const result = inviteUserInputSchema.safeParse({
    email: values.email,
    nominative: values.nominative,
    organization_role_id: values.roleId ?? undefined,
  });
  if (result.success) return { data: result.data, errors: null };
  const failed = new Set(result.error.issues.map((issue) => issue.path[0]));
  const errors: InviteErrors = {};
  if (failed.has("email")) {
    errors.email = values.email.trim() === "" ? "inviteUserForm.emailRequired" : "inviteUserForm.emailInvalid";
  }
  if (failed.has("nominative")) errors.nominative = "inviteUserForm.nominativeRequired";
  if (failed.has("organization_role_id")) errors.roleId = "inviteUserForm.roleRequired";
  return { data: null, errors };
}

function InviteUserForm({
  organizationId,
  pending,
  onSend,
  onCancel,
}: {
  organizationId: string;
  pending: boolean;
  onSend: (data: InviteUserInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const roles = useRoles(organizationId);
  const [values, setValues] = useState<InviteValues>({ email: "", nominative: "", roleId: null });
  const [errors, setErrors] = useState<InviteErrors | null>(null);

  const change = (patch: Partial<InviteValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // Once the person has tried to send, the messages follow what they type.
    if (errors) setErrors(validateInvite(next).errors ?? {});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateInvite(values);
    setErrors(checked.errors ?? {});
    if (checked.data) onSend(checked.data);
  };

  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.uid, label: role.name }));
  const roleError = errors?.roleId ? t(errors.roleId) : roles.isError ? t("inviteUserForm.rolesUnavailable") : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          type="email"
          label={t("inviteUserForm.email")}
          placeholder={t("screens.login.emailPlaceholder")}
          withAsterisk
          data-autofocus
          value={values.email}
          onChange={(event) => change({ email: event.currentTarget.value })}
          error={errors?.email ? t(errors.email) : null}
        />
        <TextInput
          label={t("inviteUserForm.nominative")}
          withAsterisk
          maxLength={120}
          value={values.nominative}
          onChange={(event) => change({ nominative: event.currentTarget.value })}
          error={errors?.nominative ? t(errors.nominative) : null}
        />
        <Select
          label={t("inviteUserForm.role")}
          placeholder={roles.isPending ? t("common.loading") : t("inviteUserForm.rolePlaceholder")}
          withAsterisk
          data={roleOptions}
          value={values.roleId}
          onChange={(roleId) => change({ roleId })}
          allowDeselect={false}
          disabled={roles.isPending}
          error={roleError}
        />
        <ModalFormFooter pending={pending} onCancel={onCancel} submitLabel={t("inviteUserForm.send")} />
      </Stack>
    </form>
  );
}

export function InviteUserModal({
  organizationId,
  opened,
  onClose,
}: {
  organizationId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const invite = useInviteUser();
  // Spec part 2 §4: a second click while an invitation is on its way is ignored. The pending state of the
  // mutation only disables the button after a render, and two clicks can land before it.
  const sending = useRef(false);

  const send = (data: InviteUserInput) => {
    if (sending.current) return;
    sending.current = true;
    invite.mutate(
      { organizationId, data },
      {
        ...mutationToasts(t("users.invitationSent", { email: data.email }), onClose),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    // Closing mid-flight is refused: the answer decides between the success toast and the error toast.
    <Modal opened={opened} onClose={() => !invite.isPending && onClose()} title={t("inviteUserForm.title")} centered>
      {/* Mounted only while open: every invitation starts from an empty form. */}
      {opened && (
        <InviteUserForm organizationId={organizationId} pending={invite.isPending} onSend={send} onCancel={onClose} />
      )}
    </Modal>
  );
}
