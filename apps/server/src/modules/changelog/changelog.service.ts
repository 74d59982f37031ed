import { readFile } from "node:fs/promises";
import { notFound } from "../../http/app-error.js";

export type ChangelogService = ReturnType<typeof createChangelogService>;

export function createChangelogService({ changelogPath }: { changelogPath: string }) {
  return {
    /** Read on every call: the file is small, and a deployment may replace it without a restart. */
    async getChangelog(): Promise<string> {
      try {
        return await readFile(changelogPath, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw notFound("Changelog");
        throw error;
      }
    },
  };
}
