import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.js";

/** No request of the API nests deeper; a deeper body is an attack on whatever walks it (decision 010). */
export const maxBodyDepth = 64;

/**
 * Whether the JSON text nests objects and arrays deeper than `max`, read in one pass without recursion and without
 * parsing, so a body of thousands of levels costs no more than its length. Brackets inside strings do not count.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies are measured before they are parsed: a body nested too deep is a 400 before any other look at it
 * (parsing, the NUL check, validation). Parsing then is Fastify's own, with its protection against `__proto__`.
 */
export function registerBodyDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? "error",
    app.initialConfig.onConstructorPoisoning ?? "error",
  );
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    if (jsonNestsDeeperThan(text, maxBodyDepth)) {
      done(new AppError("BAD_REQUEST", `The request body is nested deeper than ${maxBodyDepth} levels`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
