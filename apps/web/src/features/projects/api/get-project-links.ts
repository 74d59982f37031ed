import { projectLinkSchema } from "@timetrap/domain";
import { projectPartList } from "./project-part-list";

const links = projectPartList("links", "links", projectLinkSchema);

export const getProjectLinksQueryOptions = links.queryOptions;
export const useProjectLinks = links.useList;
