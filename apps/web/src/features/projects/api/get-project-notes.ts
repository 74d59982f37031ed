import { noteSchema } from "@timetrap/domain";
import { projectPartList } from "./project-part-list";

const notes = projectPartList("notes", "note", noteSchema);

export const getProjectNotesQueryOptions = notes.queryOptions;
export const useProjectNotes = notes.useList;
