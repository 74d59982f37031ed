import { Checkbox, Table, Text } from "@mantine/core";
import { type Acl, actions, can, subjects, toggleAcl } from "@timetrap/domain";
import { useTranslation } from "react-i18next";

/** Spec part 2 §2 "Roles": one checkbox per action (columns) for each subject (rows). */
export function PermissionMatrix({
  acls,
  onChange,
  readOnly,
}: {
  acls: Acl[];
  onChange: (acls: Acl[]) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={300} type="native">
      <Table withTableBorder verticalSpacing="xs" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("roles.subject")}</Table.Th>
            {actions.map((action) => (
              <Table.Th key={action} ta="center" fz={{ base: "xs", sm: "sm" }}>
                {t(`roles.actions.${action}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subjects.map((subject) => (
            <Table.Tr key={subject}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {t(`roles.subjects.${subject}`)}
                </Text>
              </Table.Td>
              {actions.map((action) => (
                <Table.Td key={action}>
                  <Checkbox
                    styles={{ body: { justifyContent: "center" } }}
                    aria-label={t("roles.permission", {
                      action: t(`roles.actions.${action}`),
                      subject: t(`roles.subjects.${subject}`),
                    })}
                    checked={can({ acls }, action, subject)}
                    disabled={readOnly}
                    onChange={(event) => onChange(toggleAcl(acls, subject, action, event.currentTarget.checked))}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
