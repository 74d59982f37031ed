import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ListPage, PageHeader } from "../../../components/page-header";
import { HolidayGroupsSection } from "./holiday-groups-section";
import { TimeOffKindsSection } from "./time-off-kinds-section";

/**
 * Decision 026 (/organization/{orgId}/holidays), for `edit organization`: the holiday groups with their country's
 * public holidays and the organization's own days, and the kinds of time off its people ask for.
 */
export function HolidaysPage() {
  const { t } = useTranslation();
  const { orgId = "" } = useParams();
  return (
    <ListPage>
      <PageHeader title={t("holidays.title")} description={t("holidays.description")} />
      <Stack gap={40}>
        <HolidayGroupsSection organizationId={orgId} />
        <TimeOffKindsSection organizationId={orgId} />
      </Stack>
    </ListPage>
  );
}
