import { Select } from "@mantine/core";
import type { OrganizationUser } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { useHolidayGroups } from "../../../api/holiday-groups";
import { mutationToasts } from "../../../lib/notify";
import { useUpdateMemberRole } from "../api/update-member-role";

/** What the select sends for "the default": null on the wire, a value Mantine can hold here. */
const defaultValue = "default";

/**
 * A person's holiday group (decision 026): the organization's default, or another of its groups. Changed with edit on
 * organization, as the groups themselves.
 */
export function HolidayGroupControl({
  organizationId,
  member,
  canEdit,
}: {
  organizationId: string;
  member: OrganizationUser;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const groups = useHolidayGroups(organizationId);
  const update = useUpdateMemberRole();
  const defaultGroup = groups.data?.find((group) => group.is_default);
  const options = [
    ...(defaultGroup
      ? [{ value: defaultValue, label: t("holidays.memberGroup.defaultOption", { name: defaultGroup.name }) }]
      : []),
    ...(groups.data ?? []).map((group) => ({ value: group.id, label: group.name })),
  ];
  const none = groups.isSuccess && groups.data.length === 0;

  return (
    <Select
      label={t("holidays.memberGroup.label")}
      data={options}
      value={none ? null : (member.holiday_group_id ?? defaultValue)}
      placeholder={none ? t("holidays.memberGroup.noGroups") : undefined}
      allowDeselect={false}
      disabled={!canEdit || none || groups.isPending || update.isPending}
      onChange={(value) => {
        const next = value === defaultValue ? null : value;
        if (!value || next === member.holiday_group_id) return;
        update.mutate(
          { organizationId, userId: member.uid, data: { holiday_group_id: next } },
          mutationToasts(t("holidays.memberGroup.updated")),
        );
      }}
    />
  );
}
