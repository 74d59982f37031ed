import { Anchor, Button, Table, Text } from "@mantine/core";
import { IconPlus, IconShieldLock } from "@tabler/icons-react";
import { actions, newRoleDraft, type Role, subjects } from "@timetrap/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useRoles } from "../../../api/get-roles";
import { ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { TableCard } from "../../../components/table-card";
import { useCan } from "../../../lib/permissions";
import { isNewRole, RoleEditorModal } from "./role-editor-modal";

const allPermissions = subjects.length * actions.length;

function grantedCount(role: Role): number {
  return role.acls.reduce((total, acl) => total + acl.actions.length, 0);
}

interface EditorState {
  opened: boolean;
  role: Role;
}

export function RolesPage() {
  const { t } = useTranslation();
  const { orgId = "" } = useParams();
  const can = useCan();
  const roles = useRoles(orgId);
  const newRole = (): Role => ({ uid: newRoleDraft.uid, name: t("roles.newRoleName"), acls: [...newRoleDraft.acls] });
  // The editor stays mounted, closed, so that opening it is a change the dialog sees: it remembers the control that
  // opened it and gives the focus back to it when it closes.
  const [editor, setEditor] = useState<EditorState>(() => ({ opened: false, role: newRole() }));

  const openNew = () => setEditor({ opened: true, role: newRole() });
  const openRole = (role: Role) => setEditor({ opened: true, role });
  const readOnly = !can(isNewRole(editor.role) ? "create" : "edit", "role");

  let content: ReactNode;
  if (roles.isPending) {
    content = <LoadingState />;
  } else if (roles.isError) {
    content = <LoadErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  } else if (roles.data.length === 0) {
    content = <EmptyListState framed icon={IconShieldLock} title={t("roles.emptyTitle")} />;
  } else {
    content = (
      <TableCard minWidth={360}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("roles.name")}</Table.Th>
              <Table.Th ta="right">{t("roles.permissions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.data.map((role) => (
              <Table.Tr key={role.uid} style={{ cursor: "pointer" }} onClick={() => openRole(role)}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    c="inherit"
                    ta="left"
                    style={{ overflowWrap: "anywhere" }}
                    onClick={(event) => {
                      event.stopPropagation();
                      openRole(role);
                    }}
                  >
                    {role.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {t("roles.grantedCount", { granted: grantedCount(role), total: allPermissions })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableCard>
    );
  }

  return (
    <ListPage>
      <PageHeader
        title={t("roles.title")}
        action={
          can("create", "role") && (
            <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
              {t("roles.add")}
            </Button>
          )
        }
      />
      {content}
      <RoleEditorModal
        organizationId={orgId}
        role={editor.role}
        readOnly={readOnly}
        opened={editor.opened}
        onClose={() => setEditor({ ...editor, opened: false })}
      />
    </ListPage>
  );
}
