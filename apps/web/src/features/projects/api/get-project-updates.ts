import { projectUpdateSchema } from "@timetrap/domain";
import { projectPartList } from "./project-part-list";

const updates = projectPartList("updates", "updates", projectUpdateSchema);

export const getProjectUpdatesQueryOptions = updates.queryOptions;
export const useProjectUpdates = updates.useList;
