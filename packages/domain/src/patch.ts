import type { z } from "zod";

export const nothingToUpdateMessage = "Nothing to update";

/**
 * A PATCH body must change something: at least one of its fields, or it is refused with "Nothing to update". The
 * OpenAPI document says so too (`minProperties: 1` and the fields in its description), so that a client generated
 * from it does not send an empty change.
 */
export function someFieldRequired<T extends z.ZodObject>(schema: T): T {
  const fields = Object.keys(schema.shape);
  return schema
    .refine((value) => fields.some((field) => (value as Record<string, unknown>)[field] !== undefined), {
      message: nothingToUpdateMessage,
    })
    .meta({ minProperties: 1, description: `A change: at least one of ${fields.join(", ")}.` }) as T;
}
