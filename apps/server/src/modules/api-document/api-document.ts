import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";

type Transform = NonNullable<FastifyDynamicSwaggerOptions["transform"]>;

/**
 * The schema transform of the OpenAPI document: zod's, then every operation that does not ask for the bearer token says
 * so with `security: []` (OpenAPI's way to mark a public operation under a document-wide scheme), so that a client or
 * a linter never takes sign-in or the configuration for calls that need a token.
 */
export function apiDocumentTransform(): Transform {
  const zod = createJsonSchemaTransform({ skipList: [] }) as Transform;
  return (input) => {
    const result = zod(input);
    const schema = result.schema as { security?: unknown } | undefined;
    if (!schema || schema.security !== undefined) return result;
    return { ...result, schema: { ...schema, security: [] } } as typeof result;
  };
}

/** The document's head: the API's name and version, where it is served, and how a call proves who makes it. */
export function apiDocumentHead({ version, appUrl }: { version: string; appUrl: string }) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Timetrap API",
      version,
      description:
        "Timetrap's API: the calls the web app makes. Send the token of a session (from `POST /api/v1/auth/basic`) " +
        "as `Authorization: Bearer <token>`. Errors answer one body, `ErrorBody`, whose `ErrorMessage` says what " +
        "went wrong and whose `details` name the fields.",
    },
    servers: [{ url: appUrl, description: "This server" }],
    components: { securitySchemes: { bearerAuth: { type: "http" as const, scheme: "bearer", bearerFormat: "JWT" } } },
    security: [{ bearerAuth: [] }],
  };
}

/** The document's components: the schemas registered with an id (the error body), referred to rather than repeated. */
export function apiDocumentTransformObject() {
  return createJsonSchemaTransformObject({}) as NonNullable<FastifyDynamicSwaggerOptions["transformObject"]>;
}
