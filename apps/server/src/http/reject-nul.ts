import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.js";

/**
 * The dotted paths of the strings in `value` that hold a NUL character, in document order. Walked with a stack of its
 * own rather than by recursion, so no body, however deep, can overflow the call stack.
 */
export function nulPaths(value: unknown, root: string): string[] {
  const found: string[] = [];
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) found.push(path);
    } else if (item && typeof item === "object") {
      const entries = Array.isArray(item) ? item.entries() : Object.entries(item);
      // Pushed in reverse, so they come off the stack in order.
      for (const [key, child] of [...entries].reverse()) stack.push({ value: child, path: `${path}.${key}` });
    }
  }
  return found;
}

/**
 * PostgreSQL text cannot hold the NUL character: a body carrying one would fail inside the database with a 500.
 * Refused before validation, for every route, with the field named.
 */
export function registerNulRejection(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const fields = nulPaths(request.body, "body");
    if (fields.length === 0) return;
    const message = "Text cannot contain the NUL character";
    throw new AppError(
      "VALIDATION_FAILED",
      fields.map((field) => `${field}: ${message}`).join("; "),
      fields.map((field) => ({ field, message })),
    );
  });
}
