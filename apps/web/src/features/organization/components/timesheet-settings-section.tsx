import { Box, Button, Group, Input, Paper, SegmentedControl, Stack, Switch, Text, Title } from "@mantine/core";
import type { ApprovalPeriod, CalendarDate, Organization, OrganizationSettings } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { useUpdateOrganization } from "../api/update-organization";

function sameSettings(a: OrganizationSettings, b: OrganizationSettings): boolean {
  return (
    a.approval_period === b.approval_period &&
    a.lock_before === b.lock_before &&
    a.prevent_overlapping_activities === b.prevent_overlapping_activities
  );
}

/**
 * The organization's timesheet settings (decision 026): the period people submit and approvers approve, the date
 * before which every activity is locked, and whether a person's activities may overlap. Saved together with
 * `PATCH organization/{orgId}` `{settings}`; shown read-only without edit on organization.
 */
export function TimesheetSettingsSection({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization();
  const [settings, setSettings] = useState<OrganizationSettings>(organization.settings);
  const dirty = !sameSettings(settings, organization.settings);
  const change = (patch: Partial<OrganizationSettings>) => setSettings((current) => ({ ...current, ...patch }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit || !dirty) return;
    update.mutate(
      { orgId: organization.uid, data: { settings } },
      {
        onSuccess: ({ organization: saved }) => {
          setSettings(saved.settings);
          notifySuccess({ message: t("periodLock.settings.saved") });
        },
        onError: notifyRequestError,
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "xl" }}
      mt="lg"
      component="form"
      onSubmit={save}
      noValidate
      aria-labelledby="timesheet-settings"
    >
      <Stack gap="lg">
        <div>
          <Title order={2} fz={16} id="timesheet-settings">
            {t("periodLock.settings.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("periodLock.settings.description")}
          </Text>
        </div>
        <Input.Wrapper
          id="approval-period"
          labelElement="div"
          label={t("periodLock.settings.approvalPeriod")}
          description={t("periodLock.settings.approvalPeriodDescription")}
        >
          <Box mt={6}>
            <SegmentedControl
              aria-labelledby="approval-period-label"
              aria-describedby="approval-period-description"
              value={settings.approval_period}
              onChange={(value) => change({ approval_period: value as ApprovalPeriod })}
              disabled={!canEdit}
              data={[
                { value: "week", label: t("periodLock.settings.week") },
                { value: "month", label: t("periodLock.settings.month") },
              ]}
            />
          </Box>
        </Input.Wrapper>
        <DateField
          label={t("periodLock.settings.lockBefore")}
          description={t("periodLock.settings.lockBeforeDescription")}
          value={settings.lock_before}
          onChange={(value) => change({ lock_before: (value as CalendarDate | null) || null })}
          disabled={!canEdit}
          clearable
          maw={480}
        />
        <Switch
          checked={settings.prevent_overlapping_activities}
          onChange={(event) => change({ prevent_overlapping_activities: event.currentTarget.checked })}
          disabled={!canEdit}
          label={t("periodLock.settings.preventOverlap")}
          description={t("periodLock.settings.preventOverlapDescription")}
        />
        {canEdit ? (
          <Group justify="flex-end">
            <Button type="submit" disabled={!dirty} loading={update.isPending}>
              {t("periodLock.settings.save")}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t("periodLock.settings.readOnly")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
