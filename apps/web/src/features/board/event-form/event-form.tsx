import {
  Button,
  ColorInput,
  Group,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconRepeat, IconTrash } from "@tabler/icons-react";
import {
  categoryFitsEventType,
  type EventType,
  eventTypes,
  type Project,
  type RecurrenceRuleInput,
  type Task,
  type TaskCategory,
  type TimeBlockingEvent,
  wallClockAt,
  weekdayNumber,
  withElapsed,
} from "@timetrap/domain";
import type { TFunction } from "i18next";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateTimeBlockingEvent, usePatchRecurrence, useUpdateTimeBlockingEvent } from "../../../api/time-blocking";
import { DateField } from "../../../components/date-field";
import { withCurrentOption } from "../../../lib/select-options";
import { alertError } from "../lib/alert-error";
import { WriteBackFormSection } from "../write-back/write-back-form-slot";
import { ChoiceDialog } from "./choice-dialog";
import { DeleteEventDialog, useDeleteEvent } from "./delete-event-dialog";
import { DurationField } from "./duration-field";
import {
  type CreateDraft,
  changedFields,
  dayOf,
  type EventFormErrors,
  type EventFormValues,
  eventInputOf,
  formErrors,
  sameRule,
  timeOfDay,
  valuesOfDraft,
  valuesOfEvent,
  withCategory,
  withDay,
  withEndTime,
  withEventType,
  withProject,
  withStartTime,
  withTask,
} from "./event-form-values";
import { RecurrenceDialog, recurrenceSummary } from "./recurrence-dialog";
import { TimeField } from "./time-field";

/** A few colours to pick at once; the default first. Any other can be typed or picked. */
const swatches = ["#3788d8", "#12b886", "#40c057", "#fab005", "#fd7e14", "#fa5252", "#e64980", "#7950f2", "#868e96"];

type EditScope = "only" | "all";

function errorText(t: TFunction, errors: EventFormErrors, field: keyof EventFormErrors): string | undefined {
  switch (errors[field]) {
    case "endTime":
      return t("eventTile.validations.endTime");
    case "tooLong":
      return field === "elapsed_time" ? t("eventForm.validations.durationTooLong") : t("eventForm.validations.tooLong");
    case "titleTooLong":
      return t("eventForm.validations.titleTooLong");
    case "color":
      return t("eventForm.validations.color");
    case "invalid":
      return t("eventForm.validations.invalid");
    default:
      return undefined;
  }
}

export type EventFormSubject = { mode: "create"; draft: CreateDraft } | { mode: "edit"; event: TimeBlockingEvent };

export interface EventFormProps {
  userId: string;
  subject: EventFormSubject;
  timeZone: string;
  projects: { data?: Project[]; isError: boolean };
  categories: { data?: TaskCategory[]; isError: boolean };
  tasks: { data?: Task[]; isError: boolean };
  /** The project whose tasks `tasks` lists, or null for the owner's tasks. */
  onTaskSourceChange: (projectId: string | null) => void;
  /** Someone else's board without the right to change it: the form shows the event and changes nothing. */
  readOnly: boolean;
  onClose: () => void;
}

/**
 * Spec part 1 §2 "Event form": title, start date, start and end time, duration, colour, type, project, category, task
 * and recurrence; the time rules of §4 as the person edits, saved as §4 and decision 007 say for series.
 */
export function EventForm({
  userId,
  subject,
  timeZone,
  projects,
  categories,
  tasks,
  onTaskSourceChange,
  readOnly,
  onClose,
}: EventFormProps) {
  const { t, i18n } = useTranslation();
  const event = subject.mode === "edit" ? subject.event : null;
  const [values, setValues] = useState<EventFormValues>(() =>
    subject.mode === "edit" ? valuesOfEvent(subject.event) : valuesOfDraft(subject.draft),
  );
  const [recurrenceOpen, setRecurrenceOpen] = useState(false);
  const recurrenceId = useId();
  const [scopeOpen, setScopeOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const create = useCreateTimeBlockingEvent(userId);
  const update = useUpdateTimeBlockingEvent(userId);
  const patchRecurrence = usePatchRecurrence(userId);
  const deletion = useDeleteEvent(userId);
  const pending = create.isPending || update.isPending || deletion.pending || patchRecurrence.isPending;

  const errors = useMemo(() => formErrors(values), [values]);
  const hasErrors = Object.keys(errors).length > 0;
  const categoryList = categories.data ?? [];
  const taskList = tasks.data ?? [];
  const linkedTask = taskList.find((task) => task.uid === values.task_linked_id);

  const collator = useMemo(() => new Intl.Collator(i18n.language, { sensitivity: "base" }), [i18n.language]);
  const byLabel = (a: { label: string }, b: { label: string }) => collator.compare(a.label, b.label);
  const projectOptions = withCurrentOption(
    (projects.data ?? []).map((project) => ({ value: project.uid, label: project.title })).sort(byLabel),
    event?.project && event.project.uid === values.project_id
      ? { uid: event.project.uid, label: event.project.title }
      : null,
  );
  const categoryOptions = withCurrentOption(
    categoryList
      .filter((category) => categoryFitsEventType(category, values.event_type))
      .map((category) => ({ value: category.uid, label: category.name }))
      .sort(byLabel),
    event?.category && event.category.uid === values.category_id
      ? { uid: event.category.uid, label: event.category.name }
      : null,
  );
  const taskOptions = withCurrentOption(
    taskList
      .filter((task) => !task.complete || task.uid === values.task_linked_id)
      .map((task) => ({ value: task.uid, label: task.name }))
      .sort(byLabel),
    event?.task && event.task.uid === values.task_linked_id ? { uid: event.task.uid, label: event.task.name } : null,
  );

  const saved = { onSuccess: onClose, onError: alertError };

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (readOnly || hasErrors || pending) return;
    if (!event) {
      const draft = subject.mode === "create" ? subject.draft : null;
      // Never a draft's recurrence_id: the server would take that series' occurrence of the day out (decision 007),
      // and a copy is a new event beside it.
      create.mutate(
        eventInputOf(values, { source: draft?.source, source_id: draft?.source_id, calendar_id: draft?.calendar_id }),
        saved,
      );
      return;
    }
    const changes = changedFields(event, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    if (event.recurrence_id) setScopeOpen(true);
    else update.mutate({ eventId: event.id, data: changes }, saved);
  };

  const saveSeriesChange = async (recurring: TimeBlockingEvent, scope: EditScope) => {
    if (scope === "all") {
      const changes = changedFields(recurring, values);
      await update.mutateAsync({
        eventId: recurring.id,
        data: recurring.is_occurrence ? { ...changes, occurrence_start: recurring.start_time } : changes,
      });
      return;
    }
    const alone = {
      source: recurring.source,
      source_id: recurring.source_id,
      calendar_id: recurring.calendar_id,
      recurrence: null,
    };
    if (dayOf(values.start_time, timeZone) === dayOf(recurring.start_time, timeZone)) {
      // The server takes the series' occurrence of that day out when it saves this one (decision 007).
      await create.mutateAsync(eventInputOf(values, { ...alone, recurrence_id: recurring.recurrence_id }));
      return;
    }
    // Moved to another day: the occurrence of that other day must stay, so the original one is skipped by its start.
    if (recurring.recurrence_id) {
      await patchRecurrence.mutateAsync({
        recurrenceId: recurring.recurrence_id,
        data: { skip: recurring.start_time },
      });
    }
    await create.mutateAsync(eventInputOf(values, { ...alone, recurrence_id: null }));
  };

  const recurrenceChanged = event !== null && !sameRule(values.recurrence, valuesOfEvent(event).recurrence);
  const startWeekday = weekdayNumber(wallClockAt(values.start_time, timeZone));
  const typeLabel = (type: EventType) => t(`eventForm.eventTypes.${type}`);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {readOnly && (
          <Text size="sm" c="dimmed">
            {t("eventForm.readOnly")}
          </Text>
        )}
        <TextInput
          label={t("eventForm.title")}
          value={values.title}
          onChange={(e) => {
            const title = e.currentTarget.value;
            setValues((current) => ({ ...current, title }));
          }}
          error={errorText(t, errors, "title")}
          readOnly={readOnly}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {event || readOnly ? (
            // Spec part 1 §4: the type is chosen only when the event is made.
            <TextInput
              label={t("eventForm.eventType")}
              value={typeLabel(values.event_type)}
              readOnly
              variant="filled"
            />
          ) : (
            <Input.Wrapper size="md" label={t("eventForm.eventType")}>
              <SegmentedControl
                size="md"
                fullWidth
                aria-label={t("eventForm.eventType")}
                data={eventTypes.map((type) => ({ value: type, label: typeLabel(type) }))}
                value={values.event_type}
                onChange={(type) => setValues((current) => withEventType(current, type as EventType, categoryList))}
              />
            </Input.Wrapper>
          )}
          <ColorInput
            size="md"
            label={t("eventForm.color")}
            value={values.color}
            onChange={(color) => setValues((current) => ({ ...current, color }))}
            error={errorText(t, errors, "color")}
            format="hex"
            swatches={swatches}
            swatchesPerRow={9}
            withEyeDropper={false}
            readOnly={readOnly}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="md">
          <DateField
            size="md"
            label={t("eventForm.startDate")}
            value={dayOf(values.start_time, timeZone)}
            onChange={(day) => day && setValues((current) => withDay(current, day, timeZone))}
            description={values.all_day ? t("eventForm.allDay") : undefined}
            readOnly={readOnly}
          />
          {/* An all-day event has no times of day. */}
          {!values.all_day && (
            <>
              <TimeField
                label={t("eventForm.startTime")}
                value={timeOfDay(values.start_time, timeZone)}
                onChange={(time) => setValues((current) => withStartTime(current, time, timeZone))}
                readOnly={readOnly}
              />
              <TimeField
                label={t("eventForm.endTime")}
                value={timeOfDay(values.end_time, timeZone)}
                onChange={(time) => setValues((current) => withEndTime(current, time, timeZone))}
                error={errorText(t, errors, "end_time")}
                readOnly={readOnly}
              />
              <DurationField
                label={t("eventForm.duration")}
                value={values.elapsed_time}
                onChange={(seconds) => setValues((current) => withElapsed(current, seconds))}
                error={errorText(t, errors, "elapsed_time")}
                readOnly={readOnly}
              />
            </>
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label={t("eventForm.project")}
            placeholder={t("eventForm.projectPlaceholder")}
            data={projectOptions}
            value={values.project_id}
            onChange={(projectId) => {
              setValues((current) => withProject(current, projectId, linkedTask));
              onTaskSourceChange(projectId);
            }}
            error={projects.isError ? t("eventForm.listUnavailable") : undefined}
            nothingFoundMessage={t("eventForm.noProjects")}
            readOnly={readOnly}
            searchable
            clearable
          />
          <Select
            label={t("eventForm.category")}
            placeholder={t("eventForm.categoryPlaceholder")}
            data={categoryOptions}
            value={values.category_id}
            onChange={(categoryId) =>
              setValues((current) =>
                withCategory(current, categoryList.find((category) => category.uid === categoryId) ?? null),
              )
            }
            error={categories.isError ? t("eventForm.listUnavailable") : undefined}
            nothingFoundMessage={t("eventForm.noCategories")}
            readOnly={readOnly}
            searchable
            clearable
          />
          <Select
            label={t("eventForm.task")}
            placeholder={t("eventForm.taskPlaceholder")}
            data={taskOptions}
            value={values.task_linked_id}
            onChange={(taskId) => {
              const task = taskList.find((candidate) => candidate.uid === taskId) ?? null;
              setValues((current) => withTask(current, task, categoryList));
              if (task?.project) onTaskSourceChange(task.project.uid);
            }}
            error={tasks.isError ? t("eventForm.listUnavailable") : undefined}
            nothingFoundMessage={t("eventForm.noTasks")}
            readOnly={readOnly}
            searchable
            clearable
          />
        </SimpleGrid>
        <Input.Wrapper size="md" label={t("eventForm.recurrence.label")} id={recurrenceId}>
          <div>
            {readOnly ? (
              <Text size="sm">{recurrenceSummary(t, values.recurrence)}</Text>
            ) : (
              <Button
                variant="light"
                leftSection={<IconRepeat size={16} />}
                onClick={() => setRecurrenceOpen(true)}
                aria-describedby={`${recurrenceId}-label`}
              >
                {recurrenceSummary(t, values.recurrence)}
              </Button>
            )}
          </div>
        </Input.Wrapper>
        {event && <WriteBackFormSection event={event} />}
        {errors.form && (
          <Text size="sm" c="red">
            {errorText(t, errors, "form")}
          </Text>
        )}
        <Group justify={event && !readOnly ? "space-between" : "flex-end"} gap="sm" mt="xs">
          {event && !readOnly && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleteOpen(true)}
              disabled={pending}
            >
              {t("eventForm.delete")}
            </Button>
          )}
          {readOnly ? (
            <Button variant="default" onClick={onClose}>
              {t("eventForm.close")}
            </Button>
          ) : (
            <Group gap="sm">
              <Button variant="default" onClick={onClose} disabled={pending}>
                {t("common.cancel")}
              </Button>
              {/* Spec part 1 §5: no saving while a field is wrong or while the save is under way. */}
              <Button type="submit" loading={pending} disabled={hasErrors}>
                {t("common.save")}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
      <RecurrenceDialog
        opened={recurrenceOpen}
        rule={values.recurrence}
        weekday={startWeekday}
        onClose={() => setRecurrenceOpen(false)}
        onSave={(rule: RecurrenceRuleInput | null) => {
          setValues((current) => ({ ...current, recurrence: rule }));
          setRecurrenceOpen(false);
        }}
      />
      {event && (
        <ChoiceDialog<EditScope>
          opened={scopeOpen}
          title={t("eventForm.editScope.title")}
          message={t("eventForm.editScope.message")}
          choices={[
            {
              value: "only",
              label: t("eventForm.editScope.only"),
              disabledReason: recurrenceChanged ? t("eventForm.editScope.onlyUnavailable") : undefined,
            },
            { value: "all", label: t("eventForm.editScope.all") },
          ]}
          confirmLabel={t("common.save")}
          pending={pending}
          onClose={() => setScopeOpen(false)}
          onConfirm={(scope) => {
            saveSeriesChange(event, scope ?? "all").then(onClose, (error: unknown) => {
              setScopeOpen(false);
              alertError(error);
            });
          }}
        />
      )}
      {event && (
        <DeleteEventDialog
          event={event}
          opened={deleteOpen}
          pending={pending}
          onClose={() => setDeleteOpen(false)}
          onConfirm={(scope) => {
            deletion.deleteEvent(event, scope).then(onClose, (error: unknown) => {
              // Spec part 1 §8: a failed deletion is only logged.
              console.error(error);
              setDeleteOpen(false);
            });
          }}
        />
      )}
    </form>
  );
}
