import type { IncomingMessage, ServerResponse } from "node:http";

/** A request a fake logs (every one but the control ones). */
export interface FakeLoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The request's headers; the Authorization header's value is replaced by its scheme and "[redacted]". */
  headers: Record<string, string | string[] | undefined>;
  time: number;
  /** The status answered, once answered. */
  status: number | null;
}

/** Which requests a failure asked for with `failNext` meets, and how long they wait. */
export interface FakeFailureMatch {
  /** Waited before answering. */
  delayMs?: number;
  /** Only requests whose path contains this. */
  path?: string;
  /** Only requests with this method. */
  method?: string;
}

/** The log a fake keeps of the requests made to it. */
export interface FakeRequestControls<Request> {
  /** Every request but the control ones, oldest first. */
  readonly requests: Request[];
  clearRequests(): void;
}

export declare function readBody(request: IncomingMessage): Promise<string>;
export declare function sleep(ms: number): Promise<void>;
export declare function redactedHeaders(
  headers: IncomingMessage["headers"],
): Record<string, string | string[] | undefined>;
export declare function jsonOrText(text: string): unknown;
export declare function bodyByContentType(text: string, contentType: string | undefined): unknown;

export interface RequestLog<Entry = FakeLoggedRequest & { body?: unknown }> {
  readonly entries: Entry[];
  record(request: IncomingMessage, response: ServerResponse, url: URL, text?: string): Entry;
  clear(): void;
}
export declare function requestLog(options?: {
  body?: (text: string, request: IncomingMessage) => unknown;
}): RequestLog;

export interface QueuedFailure extends FakeFailureMatch {
  remaining: number;
  status?: number;
  retryAfter?: number | string;
  afterWrite?: boolean;
  [field: string]: unknown;
}
export interface FailureQueue {
  add(count: number, failure: Omit<QueuedFailure, "remaining">): void;
  take(method: string, path: string): QueuedFailure | null;
  clear(): void;
}
export declare function failureQueue(): FailureQueue;
export declare function retryAfterHeader(failure: { retryAfter?: number | string }): Record<string, string>;
export declare function withFailure<Answer>(
  failure: QueuedFailure | null,
  carryOut: () => Answer | Promise<Answer>,
  failWith: (failure: QueuedFailure) => void,
): Promise<Answer | null>;

export type ControlAnswer = [number, unknown];
export declare function controlHandler(
  control: {
    reset(): void;
    failNext(count: number, failure?: object): void;
    readonly requests: unknown[];
    clearRequests(): void;
  },
  routes: (
    route: string,
    input: Record<string, unknown>,
    query: URLSearchParams,
  ) => ControlAnswer | undefined | Promise<ControlAnswer | undefined>,
): (request: IncomingMessage, path: string, query: URLSearchParams, body: string) => Promise<ControlAnswer>;
export declare function controlDone(): ControlAnswer;

export type SendJson = (status: number, value: unknown, headers?: Record<string, string>) => void;
export declare function startFakeServer(options: {
  port?: number;
  contentType?: string;
  control: (request: IncomingMessage, path: string, query: URLSearchParams, body: string) => Promise<ControlAnswer>;
  handle: (context: {
    request: IncomingMessage;
    response: ServerResponse;
    url: URL;
    path: string;
    body: string;
    send: SendJson;
  }) => void | Promise<void>;
  errorBody: (message: string) => unknown;
}): Promise<{ port: number; url: string; close(): Promise<void> }>;

export declare function sendPage(
  response: ServerResponse,
  page: { status?: number; html?: string; redirect?: string },
): void;
/** What an OAuth fake's `decide` answers for the consent page's parameters. */
export type ConsentDecision =
  | { location: string; error?: undefined }
  | { error: { status: number; html: string; text: string }; location?: undefined };
export type ConsentDecide = (
  params: URLSearchParams,
  choice: { email: string | null | undefined; allow: boolean },
) => ConsentDecision;
export declare function answerConsentForm(response: ServerResponse, body: string, decide: ConsentDecide): void;
export declare function consentLocation(
  decide: ConsentDecide,
  url: string,
  options?: { email?: string; allow?: boolean },
): string;

export declare function escapeHtml(value: unknown): string;
export declare function fakePages(options: {
  service: string;
  article?: string;
  color: string;
  background: string;
  border: string;
}): {
  page(title: string, body: string): string;
  errorPage(status: number, description: string): { status: number; text: string; html: string };
};
