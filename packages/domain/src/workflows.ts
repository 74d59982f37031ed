import { z } from "zod";

export const workflowStatusSchema = z.object({
  uid: z.string(),
  key: z.string(),
  name: z.string(),
  editable: z.boolean(),
  selected_by_default: z.boolean(),
});
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

/** Name of a project status: at least 2 characters (spec part 2 §5, projectWorkflowForm.nameRequired). */
export const workflowStatusInputSchema = z
  .object({
    name: z
      .string({ message: "Name is required" })
      .trim()
      .min(2, "Name needs at least 2 characters")
      .max(60, "Name is at most 60 characters"),
  })
  .strict();
export type WorkflowStatusInput = z.infer<typeof workflowStatusInputSchema>;
