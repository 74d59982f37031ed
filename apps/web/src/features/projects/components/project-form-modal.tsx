import {
  Divider,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  type Project,
  type ProjectInputFields,
  projectInputSchema,
  projectTypeCodes,
  projectTypes,
  type UserRef,
} from "@timetrap/domain";
import type { TFunction } from "i18next";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useActiveOrganizationUsers } from "../../../api/get-organization-users";
import { useWorkflowStatuses } from "../../../api/get-workflow-statuses";
import { DateField } from "../../../components/date-field";
import { EuroInput } from "../../../components/euro-input";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { workflowStatusName } from "../../../lib/workflow-status-name";
import { useCreateProject } from "../api/create-project";
import { useProjectAreas } from "../api/get-project-areas";
import { useProjectCategories } from "../api/get-project-categories";
import { useUpdateProject } from "../api/update-project";
import { CustomerSelect } from "./customer-select";

const teamFields = ["salesaccount", "responsible", "accountable", "consulted", "informed"] as const;
type TeamField = (typeof teamFields)[number];
const tagOfField = {
  salesaccount: "sales",
  responsible: "responsible",
  accountable: "accountable",
  consulted: "consulted",
  informed: "informed",
} as const;

const textFields = [
  "title",
  "external_reference",
  "contact_name",
  "contact_surname",
  "contact_email",
  "contact_role",
  "description",
] as const;
type TextField = (typeof textFields)[number];

interface Values extends Record<TextField, string>, Record<TeamField, string[]> {
  customer_id: string | null;
  project_manager_id: string | null;
  /** Null until chosen: the organization's "open" status is shown and sent. */
  status_id: string | null;
  category_id: string | null;
  area_id: string | null;
  project_type: string | null;
  budget: number | string;
  marginability_percentage: number | string;
  tolerance_days: number | string;
  not_billable: boolean;
  start_date: string | null;
  end_date: string | null;
  closing_date: string | null;
}

type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

function valuesOf(project: Project | undefined): Values {
  const tagged = (field: TeamField) =>
    (project?.members ?? []).filter((m) => m.tags.includes(tagOfField[field])).map((m) => m.user.uid);
  return {
    title: project?.title ?? "",
    customer_id: project?.customer_id ?? null,
    external_reference: project?.external_reference ?? "",
    project_manager_id: project?.project_manager.uid ?? null,
    salesaccount: tagged("salesaccount"),
    responsible: tagged("responsible"),
    accountable: tagged("accountable"),
    consulted: tagged("consulted"),
    informed: tagged("informed"),
    status_id: project?.status.uid ?? null,
    category_id: project?.category?.uid ?? null,
    area_id: project?.area?.uid ?? null,
    project_type: project?.project_type === null || project === undefined ? null : String(project.project_type),
    budget: project?.budget ?? 0,
    marginability_percentage: project?.marginability_percentage ?? 30,
    tolerance_days: project?.tolerance_days ?? "",
    not_billable: project?.not_billable ?? false,
    contact_name: project?.contact_name ?? "",
    contact_surname: project?.contact_surname ?? "",
    contact_email: project?.contact_email ?? "",
    contact_role: project?.contact_role ?? "",
    start_date: project?.start_date ?? null,
    end_date: project?.end_date ?? null,
    closing_date: project?.closing_date ?? null,
    description: project?.description ?? "",
  };
}

/** An emptied number input gives "", which the schema's default (or null) stands for. */
const numberOrUndefined = (value: number | string) => (typeof value === "number" ? value : undefined);

function inputOf(values: Values, defaultStatusId: string | null): ProjectInputFields {
  return {
    title: values.title,
    // An empty id fails the schema's uuid check, which names the missing field.
    customer_id: values.customer_id ?? "",
    project_manager_id: values.project_manager_id ?? "",
    status_id: values.status_id ?? defaultStatusId,
    category_id: values.category_id,
    area_id: values.area_id,
    external_reference: values.external_reference,
    not_billable: values.not_billable,
    budget: numberOrUndefined(values.budget),
    marginability_percentage: numberOrUndefined(values.marginability_percentage),
    tolerance_days: typeof values.tolerance_days === "number" ? values.tolerance_days : null,
    project_type: values.project_type === null ? null : Number(values.project_type),
    contact_name: values.contact_name,
    contact_surname: values.contact_surname,
    contact_email: values.contact_email,
    contact_role: values.contact_role,
    description: values.description,
    start_date: values.start_date,
    end_date: values.end_date,
    closing_date: values.closing_date,
    salesaccount: values.salesaccount,
    responsible: values.responsible,
    accountable: values.accountable,
    consulted: values.consulted,
    informed: values.informed,
  };
}

/** The schema's issues in the reader's language; the schema's English stays the server's answer. */
function errorsOf(issues: z.core.$ZodIssue[], t: TFunction): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field | undefined;
    if (!field || errors[field]) continue;
    if (field === "title" && issue.code !== "too_big") errors.title = t("screens.projects.validations.titleRequired");
    else if (field === "customer_id") errors.customer_id = t("screens.projects.validations.customerRequired");
    else if (field === "project_manager_id")
      errors.project_manager_id = t("screens.projects.validations.projectManagerRequired");
    else if (field === "salesaccount") errors.salesaccount = t("screens.projects.validations.salesAccountRequired");
    else if (field === "contact_email") errors.contact_email = t("projectForm.validations.contactEmailInvalid");
    else if (field === "end_date") errors.end_date = t("projectForm.validations.endBeforeStart");
    else if (field === "marginability_percentage")
      errors.marginability_percentage = t("projectForm.validations.marginabilityRange");
    else if (field === "budget") errors.budget = t("projectForm.validations.budgetTooLarge");
    else if (issue.code === "too_big")
      errors[field] = t("projectForm.validations.tooLong", { max: Number(issue.maximum) });
    else errors[field] = issue.message;
  }
  return errors;
}

export interface ProjectFormModalProps {
  opened: boolean;
  organizationId: string;
  /** The project to edit; a new project without it. */
  project?: Project;
  onClose: () => void;
  /** After the server saved it, with the project as it answered. */
  onSaved?: (project: Project) => void;
}

type FormProps = Omit<ProjectFormModalProps, "opened">;

function ProjectForm({ organizationId, project, onClose, onSaved }: FormProps) {
  const { t } = useTranslation();
  const users = useActiveOrganizationUsers(organizationId);
  const statuses = useWorkflowStatuses(organizationId);
  const categories = useProjectCategories(organizationId);
  const areas = useProjectAreas(organizationId);
  const create = useCreateProject(organizationId);
  const update = useUpdateProject(organizationId);
  const [values, setValues] = useState<Values>(() => valuesOf(project));
  const [errors, setErrors] = useState<Errors>({});
  const pending = create.isPending || update.isPending;

  const defaultStatusId = statuses.data?.find((status) => status.key === "open")?.uid ?? null;

  const change = <F extends Field>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // Only active users may be picked (spec part 2 §5); someone already on the project stays shown by name, so
  // saving does not silently drop them and the server can say why it refuses.
  const people = useMemo(() => {
    const byId = new Map<string, string>();
    for (const user of users.data ?? []) byId.set(user.uid, user.nominative);
    const onProject: UserRef[] = project ? [project.project_manager, ...project.members.map((m) => m.user)] : [];
    for (const user of onProject) if (!byId.has(user.uid)) byId.set(user.uid, user.nominative);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [users.data, project]);

  const statusOptions = (statuses.data ?? []).map((status) => ({
    value: status.uid,
    label: workflowStatusName(status, t),
  }));
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.uid, label: c.name }));
  const areaOptions = (areas.data ?? []).map((a) => ({ value: a.uid, label: a.name }));
  const typeOptions = projectTypeCodes.map((code) => ({
    value: String(code),
    label: t(`projects.types.${projectTypes[code]}`),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = projectInputSchema.safeParse(inputOf(values, defaultStatusId));
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues, t));
      return;
    }
    const done = (message: string) => ({
      onSuccess: (saved: Project) => {
        notifySuccess({ message });
        onSaved?.(saved);
        onClose();
      },
      onError: notifyRequestError,
    });
    if (project) update.mutate({ projectId: project.uid, data: parsed.data }, done(t("projectForm.updated")));
    else create.mutate(parsed.data, done(t("projectForm.created")));
  };

  const text = (field: TextField, label: string, extra: { required?: boolean; type?: string } = {}) => (
    <TextInput
      label={label}
      value={values[field]}
      onChange={(event) => change(field, event.currentTarget.value)}
      error={errors[field]}
      {...extra}
    />
  );

  const team = (field: TeamField, label: string, required = false) => (
    <MultiSelect
      size="md"
      label={label}
      data={people}
      value={values[field]}
      onChange={(ids) => change(field, ids)}
      error={errors[field]}
      required={required}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t("projectForm.nobodyFound")}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("projectForm.title")}
          value={values.title}
          onChange={(event) => change("title", event.currentTarget.value)}
          error={errors.title}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CustomerSelect
            organizationId={organizationId}
            value={values.customer_id}
            onChange={(id) => change("customer_id", id)}
            error={errors.customer_id}
            required
          />
          {text("external_reference", t("projectForm.externalReference"))}
          <Select
            label={t("projectForm.status")}
            data={statusOptions}
            value={values.status_id ?? defaultStatusId}
            onChange={(id) => change("status_id", id)}
            allowDeselect={false}
          />
          <Select
            label={t("projectForm.projectType")}
            placeholder={t("projectForm.none")}
            data={typeOptions}
            value={values.project_type}
            onChange={(code) => change("project_type", code)}
            clearable
          />
          <Select
            label={t("projectForm.category")}
            placeholder={t("projectForm.none")}
            data={categoryOptions}
            value={values.category_id}
            onChange={(id) => change("category_id", id)}
            clearable
            searchable
            nothingFoundMessage={t("projectForm.nothingFound")}
          />
          <Select
            label={t("projectForm.area")}
            placeholder={t("projectForm.none")}
            data={areaOptions}
            value={values.area_id}
            onChange={(id) => change("area_id", id)}
            clearable
            searchable
            nothingFoundMessage={t("projectForm.nothingFound")}
          />
        </SimpleGrid>

        <Section label={t("projectForm.teamSection")}>
          <Select
            label={t("projectForm.projectManager")}
            data={people}
            value={values.project_manager_id}
            onChange={(id) => change("project_manager_id", id)}
            error={errors.project_manager_id}
            required
            searchable
            nothingFoundMessage={t("projectForm.nobodyFound")}
          />
          {team("salesaccount", t("projectForm.salesAccount"), true)}
          {team("responsible", t("projectForm.responsible"))}
          {team("accountable", t("projectForm.accountable"))}
          {team("consulted", t("projectForm.consulted"))}
          {team("informed", t("projectForm.informed"))}
        </Section>

        <Section label={t("projectForm.budgetSection")}>
          <EuroInput
            size="md"
            label={t("projectForm.budget")}
            value={values.budget}
            onChange={(value) => change("budget", value)}
            error={errors.budget}
          />
          <NumberInput
            size="md"
            label={t("projectForm.marginability")}
            value={values.marginability_percentage}
            onChange={(value) => change("marginability_percentage", value)}
            error={errors.marginability_percentage}
            decimalScale={2}
            max={100}
            suffix=" %"
            hideControls
          />
          <NumberInput
            size="md"
            label={t("projectForm.toleranceDays")}
            description={t("projectForm.toleranceDaysDescription")}
            value={values.tolerance_days}
            onChange={(value) => change("tolerance_days", value)}
            error={errors.tolerance_days}
            allowDecimal={false}
            allowNegative={false}
            min={0}
          />
          <Switch
            size="md"
            label={t("projectForm.notBillable")}
            checked={values.not_billable}
            onChange={(event) => change("not_billable", event.currentTarget.checked)}
            mt={{ sm: 30 }}
          />
        </Section>

        <Section label={t("projectForm.contactSection")}>
          {text("contact_name", t("projectForm.contactName"))}
          {text("contact_surname", t("projectForm.contactSurname"))}
          {text("contact_email", t("projectForm.contactEmail"), { type: "email" })}
          {text("contact_role", t("projectForm.contactRole"))}
        </Section>

        <Divider label={t("projectForm.datesSection")} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DateField
            size="md"
            label={t("projectForm.startDate")}
            value={values.start_date}
            onChange={(date) => change("start_date", date)}
            clearable
          />
          <DateField
            size="md"
            label={t("projectForm.endDate")}
            value={values.end_date}
            onChange={(date) => change("end_date", date)}
            error={errors.end_date}
            minDate={values.start_date ?? undefined}
            clearable
          />
          <DateField
            size="md"
            label={t("projectForm.closingDate")}
            value={values.closing_date}
            onChange={(date) => change("closing_date", date)}
            clearable
          />
        </SimpleGrid>

        <Textarea
          size="md"
          label={t("projectForm.description")}
          value={values.description}
          onChange={(event) => change("description", event.currentTarget.value)}
          error={errors.description}
          rows={4}
          resize="vertical"
        />
        <ModalFormFooter pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Divider label={label} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children}
      </SimpleGrid>
    </>
  );
}

/** Spec part 2 §2: the add and edit project modal, 820 px wide; the whole screen on a phone. */
export function ProjectFormModal({ opened, project, onClose, ...props }: ProjectFormModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={project ? t("projectForm.editTitle") : t("projectForm.newTitle")}
      size={820}
      fullScreen={phone}
    >
      {/* Keyed so each opening starts from the project's saved values. */}
      <ProjectForm key={project?.uid ?? "new"} project={project} onClose={onClose} {...props} />
    </Modal>
  );
}
