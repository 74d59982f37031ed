import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.js";

/** The dotted paths of the strings in `value` that hold a NUL character. */
function nulPaths(value: unknown, path: string, found: string[]): string[] {
  if (typeof value === "string") {
    if (value.includes("\u0000")) found.push(path);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) nulPaths(item, `${path}.${index}`, found);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) nulPaths(item, `${path}.${key}`, found);
  }
  return found;
}

/**
 * PostgreSQL text cannot hold the NUL character: a body carrying one would fail inside the database with a 500.
 * Refused before validation, for every route, with the field named.
 */
export function registerNulRejection(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const fields = nulPaths(request.body, "body", []);
    if (fields.length === 0) return;
    const message = "Text cannot contain the NUL character";
    throw new AppError(
      "VALIDATION_FAILED",
      fields.map((field) => `${field}: ${message}`).join("; "),
      fields.map((field) => ({ field, message })),
    );
  });
}
