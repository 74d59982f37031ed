/** A Paddle Billing subscription entity, as the fake stores and answers it (Paddle's fields; the server reads a few). */
export interface FakePaddleSubscription {
  id: string;
  status: "active" | "trialing" | "past_due" | "paused" | "canceled";
  customer_id: string;
  current_billing_period: { starts_at: string; ends_at: string } | null;
  scheduled_change: { action: string; effective_at: string; resume_at: string | null } | null;
  items: Array<{ quantity: number; price: { id: string; [field: string]: unknown }; [field: string]: unknown }>;
  custom_data: Record<string, unknown> | null;
  [field: string]: unknown;
}

export interface FakePaddleRequest {
  method: string;
  path: string;
  /** The request's headers; the Authorization header's value is replaced by its scheme and "[redacted]". */
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  time: number;
  status: number | null;
}

export interface FakePaddle {
  /** PADDLE_API_URL */
  url: string;
  /** PADDLE_API_KEY: the Bearer key the fake accepts. */
  apiKey: string;
  /** Stores a subscription (its missing fields made up; `priceId` names its one item's price) and answers it. */
  addSubscription(fields?: Partial<FakePaddleSubscription> & { priceId?: string }): FakePaddleSubscription;
  subscription(id: string): FakePaddleSubscription | null;
  /** Every request but the control ones, oldest first. */
  readonly requests: FakePaddleRequest[];
  clearRequests(): void;
  reset(): void;
  close(): Promise<void>;
}

export interface PaddleWebhookEvent<T = unknown> {
  event_id: string;
  event_type: string;
  occurred_at: string;
  notification_id: string;
  data: T;
}

export declare function startFakePaddle(options?: { port?: number; apiKey?: string }): Promise<FakePaddle>;

/** A subscription entity in Paddle's shape, its missing fields made up (active, monthly, one item of `priceId`). */
export declare function paddleSubscription(
  fields?: Partial<FakePaddleSubscription> & { priceId?: string },
): FakePaddleSubscription;

/** A webhook payload as Paddle sends it. */
export declare function paddleEvent<T>(
  type: string,
  data: T,
  options?: { occurredAt?: Date | string | number; eventId?: string },
): PaddleWebhookEvent<T>;

/** The `Paddle-Signature` header's value for `body` (the exact text sent), at `ts` (unix seconds; now unless told). */
export declare function signPaddleWebhook(secret: string, body: string, ts?: number): string;

/** Posts the event (or a raw text) to `url` signed as Paddle signs it, or with `signature` as given; answers the reply. */
export declare function deliverPaddleWebhook(
  url: string,
  secret: string,
  event: PaddleWebhookEvent | string,
  options?: { ts?: number; signature?: string },
): Promise<{ status: number; body: string; json: unknown }>;

/** The settings that turn payments on in a Timetrap server with the fake as Paddle's API. */
export declare function serverEnvOf(
  paddle: Pick<FakePaddle, "url" | "apiKey">,
  options?: { webhookSecret?: string; unlimitedPriceId?: string; clientToken?: string },
): Record<string, string>;
