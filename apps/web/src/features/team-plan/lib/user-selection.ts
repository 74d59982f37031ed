import { mostTeamPlanUsers } from "@timetrap/domain";
import { z } from "zod";
import { storage } from "../../../lib/storage";

/** Spec part 1 §9: the last chosen people are kept under this key. */
export const userSelectionKey = "userteamview";

const storedSelectionSchema = z.object({
  organization_id: z.string().min(1),
  user_ids: z.array(z.string().min(1)).max(mostTeamPlanUsers),
});

/**
 * The people last chosen in `organizationId`, or null when none were kept there. What another organization kept, or a
 * value that cannot be read (another shape, broken JSON, storage refused), counts as nothing kept.
 */
export function readUserSelection(organizationId: string): string[] | null {
  try {
    const parsed = storedSelectionSchema.safeParse(storage.getJson(userSelectionKey));
    if (!parsed.success || parsed.data.organization_id !== organizationId) return null;
    return [...new Set(parsed.data.user_ids)];
  } catch (error) {
    console.error(error);
    return null;
  }
}

/** Keeps the chosen people for the next visit; a storage that refuses only loses the memory, not the screen. */
export function keepUserSelection(organizationId: string, userIds: readonly string[]): void {
  try {
    storage.setJson(userSelectionKey, {
      organization_id: organizationId,
      user_ids: userIds.slice(0, mostTeamPlanUsers),
    });
  } catch (error) {
    console.error(error);
  }
}
