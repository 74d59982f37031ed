import { z } from "zod";

/**
 * The closed list of error codes the API answers with, and the HTTP status of each.
 * The server renders every non-2xx answer as {@link ErrorBody}; the web reads `ErrorMessage`.
 */
export const errorStatusByCode = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  /** A session opened for enrolment only: the organization requires a second factor the person has not set up. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 403,
  PLAN_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  /** The path exists but does not take the method; the answer's `Allow` names those it takes. */
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** An activity that would overlap another of its owner's while the organization forbids it. */
  OVERLAPPING_ACTIVITY: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** An Idempotency-Key sent again with another request than the one it was first used for. */
  IDEMPOTENCY_KEY_REUSED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A write into an approved (or locked) timesheet period. */
  PERIOD_LOCKED: 423,
  /** The person has not connected the outside service the call needs (or disconnected it). */
  INTEGRATION_NOT_CONNECTED: 409,
  /** The outside service refused the stored credential or refresh token: the person must connect it again. */
  INTEGRATION_NEEDS_RECONNECT: 409,
  /** The service cannot be connected on this server: not configured, or not part of this version. */
  INTEGRATION_UNAVAILABLE: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** An outside service answered with an error of its own (a 5xx, or a body that is not its API's). */
  UPSTREAM_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  /** An outside service kept answering 429 (or 403 rateLimitExceeded) through every retry. */
  UPSTREAM_RATE_LIMITED: 503,
  /** An outside service did not answer within the connector's timeout. */
  UPSTREAM_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;

export const errorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.string(),
  ErrorMessage: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
