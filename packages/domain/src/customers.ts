import { z } from "zod";

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
