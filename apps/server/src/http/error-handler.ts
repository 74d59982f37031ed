import { STATUS_CODES } from "node:http";
import { type ErrorBody, type ErrorCode, type ErrorDetail, errorBodySchema, errorStatusByCode } from "@timetrap/domain";
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from "fastify";
import { AppError } from "./app-error.js";

export const internalErrorMessage = "Something went wrong. Please try again";

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetail[]): ErrorBody {
  const statusCode = errorStatusByCode[code];
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? "Error",
    code,
    ErrorMessage: message,
    ...(details ? { details } : {}),
  };
}

/** The error answers a route may give, for its OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

const validationContexts: Record<string, string> = { querystring: "query" };

function validationDetails(validation: FastifySchemaValidationError[], context: string | undefined): ErrorDetail[] {
  const prefix = validationContexts[context ?? ""] ?? context ?? "body";
  return validation.flatMap((issue) => {
    const path = issue.instancePath.split("/").filter(Boolean).join(".");
    const field = path ? `${prefix}.${path}` : prefix;
    const unknownKeys = (issue.params as { keys?: unknown }).keys;
    if (issue.keyword === "unrecognized_keys" && Array.isArray(unknownKeys)) {
      return unknownKeys.map((key) => ({ field: `${field}.${String(key)}`, message: "Unknown field" }));
    }
    return [{ field, message: issue.message ?? "Invalid value" }];
  });
}

/** Fastify's own 4xx errors, reworded for a person and given one of our codes. */
function clientError(error: FastifyError, bodyLimit: number): { code: ErrorCode; message: string } {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { code: "BAD_REQUEST", message: "The request body is not valid JSON" };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { code: "BAD_REQUEST", message: "The request body is empty but its content type is JSON" };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { code: "PAYLOAD_TOO_LARGE", message: `The request body is larger than ${bodyLimit} bytes` };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { code: "UNSUPPORTED_MEDIA_TYPE", message: "Unsupported content type: send application/json" };
  }
  const status = error.statusCode ?? 400;
  const code = (Object.keys(errorStatusByCode) as ErrorCode[]).find((c) => errorStatusByCode[c] === status);
  return { code: code ?? "BAD_REQUEST", message: error.message };
}

export function registerErrorHandler(app: FastifyInstance, options: { bodyLimit: number }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (error.validation) {
      const details = validationDetails(error.validation, error.validationContext);
      const message = details.map((d) => `${d.field}: ${d.message}`).join("; ");
      return reply.status(400).send(errorBody("VALIDATION_FAILED", message, details));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const { code, message } = clientError(error, options.bodyLimit);
      return reply.status(errorStatusByCode[code]).send(errorBody(code, message));
    }
    // A 5xx may carry SQL, paths or secrets: the details go to the log only.
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(errorBody("INTERNAL", internalErrorMessage));
  });
}
