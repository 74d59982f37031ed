import { linkHref, type ProjectLink } from "@timetrap/domain";
import { notFound } from "../../http/app-error.js";
import type { ProjectsService } from "../projects/projects.service.js";
import type { ProjectLinkRow, ProjectLinksRepository, ProjectLinkValues } from "./project-links.repository.js";

export type ProjectLinksService = ReturnType<typeof createProjectLinksService>;

/** A link as answered; an address saved before addresses were checked is answered by the same rule, or as none. */
function toProjectLink(row: ProjectLinkRow): ProjectLink {
  return { link_id: row.id, title: row.title, url: linkHref(row.url) ?? "" };
}

interface ProjectScope {
  actorId: string;
  organizationId: string;
  projectId: string;
}

export function createProjectLinksService({
  repository,
  projects,
}: {
  repository: ProjectLinksRepository;
  projects: Pick<ProjectsService, "authorizeProject">;
}) {
  return {
    /** In the order they were added, to whoever sees the project. */
    async listLinks({ actorId, organizationId, projectId }: ProjectScope): Promise<ProjectLink[]> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "read" });
      return (await repository.listByProject(projectId)).map(toProjectLink);
    },

    async createLink({
      actorId,
      organizationId,
      projectId,
      input,
    }: ProjectScope & { input: ProjectLinkValues }): Promise<ProjectLink> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      return toProjectLink(await repository.insert(projectId, input));
    },

    /** Replaces the title and the address, as the link modal sends both. */
    async updateLink({
      actorId,
      organizationId,
      projectId,
      linkId,
      input,
    }: ProjectScope & { linkId: string; input: ProjectLinkValues }): Promise<ProjectLink> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      const row = await repository.update(projectId, linkId, input);
      if (!row) throw notFound("Link");
      return toProjectLink(row);
    },

    async deleteLink({ actorId, organizationId, projectId, linkId }: ProjectScope & { linkId: string }): Promise<void> {
      await projects.authorizeProject({ actorId, organizationId, projectId, access: "edit" });
      if (!(await repository.delete(projectId, linkId))) throw notFound("Link");
    },
  };
}
