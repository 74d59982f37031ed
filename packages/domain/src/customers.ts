import { z } from "zod";
import { can, type HasAcls } from "./permissions.js";
import { deletionSlug } from "./slug.js";

export const customerSchema = z.object({
  uid: z.string(),
  nominative: z.string(),
  email: z.string().nullable(),
  fiscal_code: z.string().nullable(),
  vat_number: z.string().nullable(),
  external_id: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** An optional text field: blank means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const customerInputSchema = z
  .object({
    nominative: z
      .string({ message: "Name is required" })
      .trim()
      .min(2, "Name needs at least 2 characters")
      .max(200, "Name is at most 200 characters"),
    email: z
      .string()
      .trim()
      .max(254)
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || z.email().safeParse(v).success, "E-mail address is not valid"),
    fiscal_code: optionalText(32),
    vat_number: optionalText(32),
    external_id: optionalText(100),
  })
  .strict();
export type CustomerInput = z.infer<typeof customerInputSchema>;
export type CustomerInputFields = z.input<typeof customerInputSchema>;

/** The label of the customer delete button in each language; the typed slug starts with it. */
export const customerDeleteLabels = { en: "Delete", it: "Elimina" } as const;

/** Whether a typed slug confirms deleting a customer, in either language of the interface. */
export function isCustomerDeletionConfirmed(slug: string, nominative: string): boolean {
  return Object.values(customerDeleteLabels).some((label) => deletionSlug(label, nominative) === slug);
}

/**
 * Customers belong to the organization, but whoever runs projects needs them too (a customer can be created inside
 * the project form): edit on organization, or the matching right on project.
 */
export function canWriteCustomers(role: HasAcls | null | undefined, action: "create" | "edit" | "delete"): boolean {
  return can(role, "edit", "organization") || can(role, action, "project");
}
