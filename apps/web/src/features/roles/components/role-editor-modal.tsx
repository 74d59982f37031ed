import { Input, Modal, Stack, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type Acl, newRoleDraft, type Role, roleInputSchema } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { type RoleDraft, useCreateRole } from "../api/create-role";
import { useUpdateRole } from "../api/update-role";
import { PermissionMatrix } from "./permission-matrix";

/** A role not saved yet carries the draft's uid (spec part 2 §2 "Roles": uid "-1"). */
export function isNewRole(role: Pick<Role, "uid">): boolean {
  return role.uid === newRoleDraft.uid;
}

function RoleForm({
  role,
  readOnly,
  pending,
  onSave,
  onCancel,
}: {
  role: Role;
  readOnly: boolean;
  pending: boolean;
  onSave: (draft: RoleDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(role.name);
  const [acls, setAcls] = useState<Acl[]>(role.acls);
  const [nameError, setNameError] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const checked = roleInputSchema.shape.name.safeParse(name);
    setNameError(!checked.success);
    if (checked.success) onSave({ name: checked.data, acls });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("roles.name")}
          withAsterisk={!readOnly}
          data-autofocus
          maxLength={60}
          value={name}
          readOnly={readOnly}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (nameError) setNameError(event.currentTarget.value.trim() === "");
          }}
          error={nameError ? t("roles.nameRequired") : null}
        />
        <Stack gap={6}>
          <Input.Label size="md" labelElement="div">
            {t("roles.permissions")}
          </Input.Label>
          <PermissionMatrix acls={acls} onChange={setAcls} readOnly={readOnly} />
        </Stack>
        <ModalFormFooter pending={pending} onCancel={onCancel} readOnly={readOnly} closeLabel={t("roles.close")} />
      </Stack>
    </form>
  );
}

/** The role editor: a new role (uid "-1") or an existing one, read-only without the right to change it. */
export function RoleEditorModal({
  organizationId,
  role,
  readOnly,
  opened,
  onClose,
}: {
  organizationId: string;
  role: Role;
  readOnly: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRole();
  const update = useUpdateRole();
  const pending = create.isPending || update.isPending;
  const phone = useMediaQuery("(max-width: 36em)", undefined, { getInitialValueInEffect: false });
  const isNew = isNewRole(role);

  // A 409 (a name already in use, or a change that would leave nobody able to manage roles and users) is told
  // in the server's words by the error toast, and the editor stays open.
  const save = (draft: RoleDraft) => {
    if (pending) return;
    if (isNew) create.mutate({ organizationId, data: draft }, mutationToasts(t("roles.created"), onClose));
    else update.mutate({ organizationId, roleId: role.uid, data: draft }, mutationToasts(t("roles.updated"), onClose));
  };

  const title = isNew ? t("roles.addTitle") : readOnly ? t("roles.viewTitle") : t("roles.editTitle");

  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} size="lg" centered fullScreen={phone}>
      {opened && <RoleForm role={role} readOnly={readOnly} pending={pending} onSave={save} onCancel={onClose} />}
    </Modal>
  );
}
