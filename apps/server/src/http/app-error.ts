import { type ErrorCode, type ErrorDetail, errorStatusByCode } from "@timetrap/domain";

/** The one error the services throw; the error handler turns it into the API's error body. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra response headers, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
    this.statusCode = errorStatusByCode[code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const forbidden = (message = "You are not allowed to do this") => new AppError("FORBIDDEN", message);
