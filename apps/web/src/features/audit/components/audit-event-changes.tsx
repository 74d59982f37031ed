import { List, Text } from "@mantine/core";
import { type AuditEvent, auditChanges } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { useAuditTexts } from "./audit-texts";

/** Before → after of each field that changed, as sentences: "Hourly cost: 30.00 → 35.00". */
export function AuditEventChanges({ event }: { event: Pick<AuditEvent, "before" | "after"> }) {
  const { t } = useTranslation();
  const texts = useAuditTexts();
  const changes = auditChanges(event.before, event.after);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("audit.noValues")}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4} listStyleType="none" data-testid="audit-changes">
      {changes.map((change) => (
        <List.Item key={change.field}>
          <Text span size="sm" fw={600}>
            {texts.field(change.field)}:
          </Text>{" "}
          {event.before && event.after ? (
            <>
              {texts.value(change.field, change.before)} → {texts.value(change.field, change.after)}
            </>
          ) : (
            texts.value(change.field, event.after ? change.after : change.before)
          )}
        </List.Item>
      ))}
    </List>
  );
}
