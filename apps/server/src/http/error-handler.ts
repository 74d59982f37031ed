import { randomBytes } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { type ErrorBody, type ErrorCode, type ErrorDetail, errorBodySchema, errorStatusByCode } from "@timetrap/domain";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from "fastify";
import { z } from "zod";
import { isConnectionError } from "../db/database.js";
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

/** The error body, one component of the OpenAPI document (`ErrorBody`) that every error answer refers to. */
z.globalRegistry.add(errorBodySchema, { id: "ErrorBody" });

/** What each error status means, as the document describes the answer. */
const errorMeanings: Record<number, string> = {
  400: "The request is not valid: `ErrorMessage` says why and `details` name the fields",
  401: "No token, or one that is not valid (expired, revoked, signed elsewhere)",
  402: "The organization's subscription must be paid first",
  403: "The token's person may not do this (a missing right, a read-only token, the plan's limit): `ErrorMessage` says which",
  404: "Not found: it does not exist, or it belongs to another organization",
  405: "The path does not take this method; `Allow` lists those it takes",
  409: "It conflicts with what is stored (a duplicate, something still in use)",
  413: "The body is larger than the server accepts",
  415: "The body is not JSON",
  423: "The entries are locked: an approved period, or a day before the organization's lock date; `ErrorMessage` names it",
  429: "Too many requests: wait the seconds `Retry-After` says",
  500: "Something went wrong on the server",
  502: "An outside service (Google Calendar, ...) answered with an error of its own: `ErrorMessage` starts with its name and gives its message",
  503: "The server or a service it needs is not available now (an outside service's rate limit: `UPSTREAM_RATE_LIMITED`)",
  504: "An outside service did not answer in time",
};

const describedErrorBodies = new Map<number, z.ZodType>();

/** The error answers a route may give, for its OpenAPI document: each the shared error body, described by its status. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => {
      let schema = describedErrorBodies.get(status);
      if (!schema) {
        schema = errorBodySchema.describe(errorMeanings[status] ?? STATUS_CODES[status] ?? "Error");
        describedErrorBodies.set(status, schema);
      }
      return [status, schema];
    }),
  );
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

/**
 * The router refuses some addresses before any route, hook or error handler runs: a path with an escape that is not
 * UTF-8 (`%FF`) or a parameter longer than the router keeps. Fastify would answer those in its own shape; they get ours.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? "A part of the address is too long"
      : "The address is not valid: a part of it is not correctly encoded";
  return reply.status(400).send(errorBody("BAD_REQUEST", message));
}

export const connectionLostMessage = "The connection to the database was lost. Please try again";

/**
 * Marks the replay of a read whose database connection broke, so that it is replayed once only. Its value is secret to
 * this process: a client that sends the header only turns its own replay off.
 */
const replayHeader = "x-timetrap-replay";
const replayToken = randomBytes(16).toString("hex");

/** Headers of the replayed answer that belong to its own (injected) exchange, not to the client's connection. */
const exchangeHeaders = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);

/**
 * A PostgreSQL connection that breaks (the server restarted, a failover, a backend terminated) fails the statement
 * running on it. A GET or HEAD changes nothing the client asked for, so it is replayed once, whole (authentication
 * included), through a fresh pass of the app: the pool has dropped the broken connection and hands out another. Any
 * other method may already have written, so it answers 503 with Retry-After and the client decides, as it does when a
 * second failure follows the replay.
 */
async function answerConnectionLoss(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const replayable =
    (request.method === "GET" || request.method === "HEAD") && request.headers[replayHeader] !== replayToken;
  if (replayable) {
    request.log.warn("the database connection was lost; replaying the read once");
    try {
      const replayed = await app.inject({
        method: request.method,
        url: request.url,
        headers: { ...request.headers, [replayHeader]: replayToken },
        remoteAddress: request.socket.remoteAddress,
      });
      for (const [name, value] of Object.entries(replayed.headers)) {
        if (value !== undefined && !exchangeHeaders.has(name)) reply.header(name, value);
      }
      return reply.status(replayed.statusCode).send(replayed.rawPayload);
    } catch (error) {
      request.log.error({ err: error }, "the replay of a read failed");
    }
  } else {
    request.log.warn("the database connection was lost; answering 503");
  }
  reply.header("retry-after", "1");
  return reply.status(503).send(errorBody("SERVICE_UNAVAILABLE", connectionLostMessage));
}

export function registerErrorHandler(app: FastifyInstance, options: { bodyLimit: number }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isConnectionError(error)) return answerConnectionLoss(app, request, reply);
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
