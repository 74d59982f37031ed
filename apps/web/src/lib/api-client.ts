import type { ErrorDetail } from "@timetrap/domain";
import type { z } from "zod";
import { readSessionToken } from "./session-store";

export const apiBasePath = "/api/v1";

export interface ApiErrorInit {
  status: number;
  statusText: string;
  code: string;
  ErrorMessage: string;
  details?: ErrorDetail[];
}

/**
 * Every failed call ends here: the status, the status text and the server's `code`, `ErrorMessage`
 * and `details` (spec part 1 §7 "Answers and outcomes"). Toasts and redirects are the callers' job.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly code: string;
  readonly ErrorMessage: string;
  readonly details: ErrorDetail[];

  constructor(init: ApiErrorInit) {
    super(init.ErrorMessage);
    this.name = "ApiError";
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.ErrorMessage = init.ErrorMessage;
    this.details = init.details ?? [];
  }

  toJSON(): ApiErrorInit {
    return {
      status: this.status,
      statusText: this.statusText,
      code: this.code,
      ErrorMessage: this.ErrorMessage,
      details: this.details,
    };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

/**
 * The schema an answer is checked against, or a function that fetches it: the first load's requests fetch zod and
 * their schemas beside the request (`answerSchemas`), as nothing the first page draws needs them (decision 016).
 */
export type AnswerSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/** The schemas of the first load's answers, in a chunk of their own with zod. */
export const answerSchemas = () => import("./answer-schemas");

export interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** The domain schema of the answer; the answer is checked against it. */
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
  /** Makes a POST safe to send again: the server does it once per key (src/lib/idempotency.ts). */
  idempotencyKey?: string;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${apiBasePath}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const { errorBodySchema } = await answerSchemas();
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({
      status: response.status,
      statusText: response.statusText,
      code: parsed.data.code,
      ErrorMessage: parsed.data.ErrorMessage,
      details: parsed.data.details,
    });
  }
  return new ApiError({
    status: response.status,
    statusText: response.statusText,
    code: "HTTP_ERROR",
    ErrorMessage: response.statusText || `Request failed with status ${response.status}`,
  });
}

async function send(method: string, path: string, options: RequestOptions<unknown>, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const token = readSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError({
      status: 0,
      statusText: "",
      code: "NETWORK_ERROR",
      ErrorMessage: cause instanceof Error ? cause.message : "Network error",
    });
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function requestJson<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  // A schema still to be fetched is fetched while the request is on its way.
  const schemaLoad = typeof options.schema === "function" ? options.schema() : undefined;
  schemaLoad?.catch(() => {});
  const response = await send(method, path, options, "application/json");
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  const schema = schemaLoad ? await schemaLoad : options.schema;
  if (!schema || typeof schema === "function") return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      code: "INVALID_RESPONSE",
      ErrorMessage: "The server's answer does not match the expected shape",
      details: parsed.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message })),
    });
  }
  return parsed.data;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => requestJson<T>("GET", path, options),
  post: <T>(path: string, options?: RequestOptions<T>) => requestJson<T>("POST", path, options),
  patch: <T>(path: string, options?: RequestOptions<T>) => requestJson<T>("PATCH", path, options),
  put: <T>(path: string, options?: RequestOptions<T>) => requestJson<T>("PUT", path, options),
  delete: <T>(path: string, options?: RequestOptions<T>) => requestJson<T>("DELETE", path, options),
  /** For answers that are plain text or markdown. */
  getText: async (path: string, options: Omit<RequestOptions<string>, "schema"> = {}): Promise<string> => {
    const response = await send("GET", path, options, "text/markdown, text/plain;q=0.9, */*;q=0.1");
    return response.text();
  },
  /**
   * For exports the server makes (a CSV): the bytes as sent, since decoding them as text would drop the byte-order
   * mark that spreadsheets read the encoding from, and the file name the server gave.
   */
  getFile: async (
    path: string,
    options: Omit<RequestOptions<Blob>, "schema"> & { accept: string },
  ): Promise<{ blob: Blob; fileName: string | null }> => {
    const response = await send("GET", path, options, options.accept);
    const disposition = response.headers.get("content-disposition") ?? "";
    const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
    return { blob: await response.blob(), fileName };
  },
};
