import { Modal, Stack, TextInput } from "@mantine/core";
import { type ProjectLink, projectLinkInputSchema } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalFormFooter } from "../../../../components/modal-form-footer";
import { mutationToasts } from "../../../../lib/notify";
import { useCreateProjectLink } from "../../api/create-project-link";
import { useUpdateProjectLink } from "../../api/update-project-link";

export interface LinkFormModalProps {
  organizationId: string;
  projectId: string;
  opened: boolean;
  /** The link to edit; null for a new one. */
  link: ProjectLink | null;
  onClose: () => void;
}

function LinkForm({ organizationId, projectId, link, onClose }: Omit<LinkFormModalProps, "opened">) {
  const { t } = useTranslation();
  const create = useCreateProjectLink(organizationId, projectId);
  const update = useUpdateProjectLink(organizationId, projectId);
  const [title, setTitle] = useState(link?.title ?? "");
  const [url, setUrl] = useState(link?.url ?? "");
  const [errors, setErrors] = useState<{ title?: string; url?: string }>({});
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = projectLinkInputSchema.safeParse({ title, url });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors | undefined;
        if (!field || next[field]) continue;
        next[field] =
          issue.code === "too_big"
            ? t("links.validations.tooLong", { max: Number(issue.maximum) })
            : field === "url"
              ? t("links.validations.url")
              : t("links.validations.nameRequired");
      }
      setErrors(next);
      return;
    }
    if (link) update.mutate({ linkId: link.link_id, data: parsed.data }, mutationToasts(t("links.updated"), onClose));
    else create.mutate(parsed.data, mutationToasts(t("links.created"), onClose));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("links.name")}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setErrors((current) => ({ ...current, title: undefined }));
          }}
          error={errors.title}
          required
          data-autofocus
        />
        {/* Spec part 2 §5: the address is not validated; anything typed is kept as written. */}
        <TextInput
          label={t("links.url")}
          placeholder={t("links.urlPlaceholder")}
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setErrors((current) => ({ ...current, url: undefined }));
          }}
          error={errors.url}
          type="url"
        />
        <ModalFormFooter pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Spec part 2 §2 "Project detail": the link modal; new opens empty, edit opens with the link. */
export function LinkFormModal({ opened, link, onClose, ...props }: LinkFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={link ? t("links.editTitle") : t("links.newTitle")}>
      <LinkForm key={link?.link_id ?? "new"} link={link} onClose={onClose} {...props} />
    </Modal>
  );
}
