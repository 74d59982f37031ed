import { Input, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  type CalendarDate,
  defaultProjectUpdateStatus,
  type ProjectUpdate,
  type ProjectUpdateStatus,
  projectUpdateInputSchema,
  projectUpdateStatusColors,
  projectUpdateStatuses,
  todayIn,
} from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../../components/date-field";
import { ModalFormFooter } from "../../../../components/modal-form-footer";
import { mutationToasts } from "../../../../lib/notify";
import { useCreateProjectUpdate } from "../../api/create-project-update";
import { useUpdateProjectUpdate } from "../../api/update-project-update";

type TextField = "update" | "priorities" | "roadblocks";
type Errors = Partial<Record<TextField | "progress" | "date", string>>;

export interface ProjectUpdateModalProps {
  organizationId: string;
  projectId: string;
  opened: boolean;
  /** The update to edit; null for a new one. */
  projectUpdate: ProjectUpdate | null;
  onClose: () => void;
}

function ProjectUpdateForm({
  organizationId,
  projectId,
  projectUpdate,
  onClose,
}: Omit<ProjectUpdateModalProps, "opened">) {
  const { t } = useTranslation();
  const create = useCreateProjectUpdate(organizationId, projectId);
  const edit = useUpdateProjectUpdate(organizationId, projectId);
  const pending = create.isPending || edit.isPending;
  const narrow = useMediaQuery("(max-width: 35.99em)", undefined, { getInitialValueInEffect: false });
  // Spec part 2 §4: a new update is "In progress" unless told otherwise.
  const [status, setStatus] = useState<ProjectUpdateStatus>(projectUpdate?.status ?? defaultProjectUpdateStatus);
  const [date, setDate] = useState<CalendarDate | null>(projectUpdate?.date ?? todayIn());
  const [progress, setProgress] = useState<number | string>(projectUpdate?.progress ?? 0);
  const [texts, setTexts] = useState<Record<TextField, string>>({
    update: projectUpdate?.data.update ?? "",
    priorities: projectUpdate?.data.priorities ?? "",
    roadblocks: projectUpdate?.data.roadblocks ?? "",
  });
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = projectUpdateInputSchema.safeParse({
      status,
      ...texts,
      progress: typeof progress === "number" ? progress : 0,
      date: date ?? undefined,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors | undefined;
        if (!field || next[field]) continue;
        next[field] =
          field === "progress"
            ? t("projectUpdates.validations.progressRange")
            : issue.code === "too_big"
              ? t("projectUpdates.validations.tooLong", { max: Number(issue.maximum) })
              : issue.message;
      }
      setErrors(next);
      return;
    }
    if (projectUpdate)
      edit.mutate(
        { updateId: projectUpdate.update_id, data: parsed.data },
        mutationToasts(t("projectUpdates.updated"), onClose),
      );
    else create.mutate(parsed.data, mutationToasts(t("projectUpdates.created"), onClose));
  };

  const textArea = (field: TextField) => (
    <Textarea
      size="md"
      label={t(`projectUpdates.${field}`)}
      placeholder={t(`projectUpdates.${field}Placeholder`)}
      value={texts[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setTexts((current) => ({ ...current, [field]: value }));
        setErrors((current) => ({ ...current, [field]: undefined }));
      }}
      error={errors[field]}
      autosize
      minRows={2}
      maxRows={8}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Input.Wrapper label={t("projectUpdates.status")} labelElement="div">
          <SegmentedControl
            size="md"
            fullWidth
            orientation={narrow ? "vertical" : "horizontal"}
            color={projectUpdateStatusColors[status]}
            value={status}
            onChange={setStatus}
            data={projectUpdateStatuses.map((value) => ({ value, label: t(`projectUpdates.statuses.${value}`) }))}
            mt={4}
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField
            size="md"
            label={t("projectUpdates.date")}
            value={date}
            onChange={(value) => {
              setDate(value);
              setErrors((current) => ({ ...current, date: undefined }));
            }}
            error={errors.date}
          />
          <NumberInput
            size="md"
            label={t("projectUpdates.progress")}
            value={progress}
            onChange={(value) => {
              setProgress(value);
              setErrors((current) => ({ ...current, progress: undefined }));
            }}
            min={0}
            max={100}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            suffix="%"
            error={errors.progress}
          />
        </SimpleGrid>
        {textArea("update")}
        {textArea("priorities")}
        {textArea("roadblocks")}
        <ModalFormFooter pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Spec part 2 §2 and §4: the project-update modal, with the four statuses and progress from 0 to 100. */
export function ProjectUpdateModal({ opened, projectUpdate, onClose, ...props }: ProjectUpdateModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={projectUpdate ? t("projectUpdates.editTitle") : t("projectUpdates.newTitle")}
    >
      <ProjectUpdateForm
        key={projectUpdate?.update_id ?? "new"}
        projectUpdate={projectUpdate}
        onClose={onClose}
        {...props}
      />
    </Modal>
  );
}
