import { Input, Modal, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Switch } from "@mantine/core";
import { type User, withPreferenceDefaults } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateUser } from "../../../api/update-user";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { notifyRequestError } from "../../../lib/notify";
import {
  type BoardPreferencesErrors,
  type BoardPreferencesValues,
  boardPreferencesValues,
  businessTimeOptions,
  slotDurationOptions,
  toPreferencesPatch,
  visibleTimeOptions,
  weekdayOrder,
} from "../lib/preferences-form";
import { useOpenedAfterMount } from "../lib/use-opened-after-mount";

type TimeKey = "slotDuration" | "slotMinTime" | "slotMaxTime" | "businessStartTime" | "businessEndTime";

/** `HH:mm` of an `HH:mm:ss` option, as people read times. */
const shortTime = (value: string) => value.slice(0, 5);

/** Spec part 1 §2 "Board preferences modal": the signed-in user's calendar settings, saved on their profile. */
export function BoardPreferencesModal({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title={t("board.preferences.title")} size="lg">
      {/* Mounted only while open, so each opening starts from the saved preferences. */}
      {shown && <BoardPreferencesForm user={user} onClose={onClose} />}
    </Modal>
  );
}

function BoardPreferencesForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const [values, setValues] = useState<BoardPreferencesValues>(() =>
    boardPreferencesValues(withPreferenceDefaults(user.preferences)),
  );
  const [errors, setErrors] = useState<BoardPreferencesErrors>({});
  const set = <K extends keyof BoardPreferencesValues>(key: K, value: BoardPreferencesValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors({});
  };
  const error = (key: keyof BoardPreferencesValues) => {
    const code = errors[key];
    return code ? t(`board.preferences.errors.${code}`) : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = toPreferencesPatch(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    updateUser.mutate(
      { userId: user.uid, data: { preferences: result.patch } },
      { onSuccess: onClose, onError: notifyRequestError },
    );
  };

  const weekdayName = (day: number) => t(`board.weekdays.${day}` as "board.weekdays.0");
  /** The props of a select for one of the times, picked from `options` and shown as people read them. */
  const timeSelect = (key: TimeKey, label: string, options: readonly string[]) => ({
    label,
    data: options.map((value) => ({ value, label: shortTime(value) })),
    value: values[key],
    onChange: (value: string | null) => set(key, value ?? ""),
    error: error(key),
    allowDeselect: false,
    searchable: true,
    maxDropdownHeight: 240,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Switch
            size="md"
            label={t("board.preferences.allDaySlot")}
            checked={values.allDaySlot}
            onChange={(e) => set("allDaySlot", e.currentTarget.checked)}
          />
          <Switch
            size="md"
            label={t("board.preferences.weekends")}
            checked={values.weekends}
            onChange={(e) => set("weekends", e.currentTarget.checked)}
          />
        </SimpleGrid>
        <Input.Wrapper
          label={t("board.preferences.calendarView")}
          size="md"
          labelProps={{ id: "board-preferences-view" }}
        >
          <SegmentedControl
            fullWidth
            aria-labelledby="board-preferences-view"
            value={values.calendarView}
            onChange={(value) => set("calendarView", value === "timeGridDay" ? "timeGridDay" : "timeGridWeek")}
            data={[
              { value: "timeGridWeek", label: t("board.preferences.week") },
              { value: "timeGridDay", label: t("board.preferences.day") },
            ]}
          />
        </Input.Wrapper>
        <Select
          {...timeSelect("slotDuration", t("board.preferences.slotDuration"), slotDurationOptions)}
          description={t("board.preferences.slotDurationHint")}
        />
        <SimpleGrid cols={2} spacing="md">
          <Select {...timeSelect("slotMinTime", t("board.preferences.slotMinTime"), visibleTimeOptions)} />
          <Select {...timeSelect("slotMaxTime", t("board.preferences.slotMaxTime"), visibleTimeOptions)} />
        </SimpleGrid>
        <MultiSelect
          size="md"
          label={t("board.preferences.businessDays")}
          data={weekdayOrder.map((day) => ({ value: String(day), label: weekdayName(day) }))}
          value={values.businessDaysOfWeek.map(String)}
          onChange={(days) => set("businessDaysOfWeek", days.map(Number))}
          error={error("businessDaysOfWeek")}
          hidePickedOptions
        />
        <SimpleGrid cols={2} spacing="md">
          <Select {...timeSelect("businessStartTime", t("board.preferences.businessStartTime"), businessTimeOptions)} />
          <Select {...timeSelect("businessEndTime", t("board.preferences.businessEndTime"), businessTimeOptions)} />
        </SimpleGrid>
        <ModalFormFooter pending={updateUser.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
