import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";

type ProjectPart = Parameters<typeof projectKeys.part>[2];

/**
 * The query of one of a project's lists (its expenses, notes, links or updates): `part` names it in the cache and
 * `path` is its address under the project.
 */
export function projectPartList<T>(part: ProjectPart, path: string, schema: z.ZodType<T>) {
  const listSchema = z.array(schema);

  const options = (organizationId: string, projectId: string) =>
    queryOptions({
      queryKey: projectKeys.part(organizationId, projectId, part),
      queryFn: ({ signal }) =>
        api.get(`${projectPath(organizationId, projectId)}/${path}`, { schema: listSchema, signal }),
    });

  return {
    queryOptions: options,
    useList: (organizationId: string, projectId: string) => useQuery(options(organizationId, projectId)),
  };
}
