import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { type TrustProxy, trustProxySchema } from "./http/trust-proxy.js";

/** apps/server, whether this file runs from src/ (tests) or dist/ (compiled). */
export const serverPackageRoot = fileURLToPath(new URL("..", import.meta.url));
export const repositoryRoot = resolve(serverPackageRoot, "../..");

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const port = z.coerce.number().int().min(0).max(65535);
const httpUrl = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" });

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATA_DIR_LOCK_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// URL" }).optional(),
  APP_URL: httpUrl.optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default("Timetrap <no-reply@localhost>"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: httpUrl.default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_AUTHORIZE_URL: httpUrl.default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_OAUTH_TOKEN_URL: httpUrl.default("https://oauth2.googleapis.com/token"),
  GOOGLE_OAUTH_REVOKE_URL: httpUrl.default("https://oauth2.googleapis.com/revoke"),
  GOOGLE_CALENDAR_API_URL: httpUrl.default("https://www.googleapis.com/calendar/v3"),
  TODOIST_CLIENT_ID: z.string().min(1).optional(),
  TODOIST_CLIENT_SECRET: z.string().min(1).optional(),
  TODOIST_OAUTH_AUTHORIZE_URL: httpUrl.default("https://app.todoist.com/oauth/authorize"),
  TODOIST_OAUTH_TOKEN_URL: httpUrl.default("https://api.todoist.com/oauth/access_token"),
  TODOIST_API_URL: httpUrl.default("https://api.todoist.com/api/v1"),
  ASANA_CLIENT_ID: z.string().min(1).optional(),
  ASANA_CLIENT_SECRET: z.string().min(1).optional(),
  ASANA_OAUTH_AUTHORIZE_URL: httpUrl.default("https://app.asana.com/-/oauth_authorize"),
  ASANA_OAUTH_TOKEN_URL: httpUrl.default("https://app.asana.com/-/oauth_token"),
  ASANA_OAUTH_REVOKE_URL: httpUrl.default("https://app.asana.com/-/oauth_revoke"),
  ASANA_API_URL: httpUrl.default("https://app.asana.com/api/1.0"),
  INTEGRATIONS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$|^[A-Fa-f0-9]{64}$/, "must be 32 bytes as 64 hex digits or 43 base64url characters")
    .optional(),
  CONNECTOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PAYMO_API_URL: httpUrl.default("https://app.paymoapp.com/api"),
  JIRA_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  JIRA_ALLOW_HTTP: z.enum(["true", "false"]).default("false"),
  JOBS_WORKER: z.enum(["on", "off"]).default("on"),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  WEBHOOK_ALLOW_HTTP: z.enum(["true", "false"]).default("false"),
  WEBHOOK_ALLOWED_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, "must be port numbers separated by commas")
    .default("80,443"),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PADDLE_API_KEY: z.string().min(1).optional(),
  PADDLE_CLIENT_TOKEN: z.string().min(1).optional(),
  PADDLE_WEBHOOK_SECRET: z.string().min(1).optional(),
  PADDLE_ENVIRONMENT: z.enum(["sandbox", "production"]).optional(),
  PADDLE_API_URL: httpUrl.optional(),
  PADDLE_PRICE_IDS: z
    .string()
    .regex(/^[a-z0-9_-]+=[A-Za-z0-9_]+(,[a-z0-9_-]+=[A-Za-z0-9_]+)*$/, "must be plan=price pairs separated by commas")
    .optional(),
  CHAT_SCRIPT_URL: httpUrl.optional(),
  TAG_MANAGER_URL: httpUrl.optional(),
  TERMS_URL: httpUrl.optional(),
  PRIVACY_URL: httpUrl.optional(),
  KNOWLEDGE_BASE_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  API_EXPORT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  CRASH_TEST_KILL_AFTER_COMMIT_OF: z.string().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().min(1).optional(),
  CHANGELOG_PATH: z.string().min(1).optional(),
  TRUST_PROXY: trustProxySchema.default(false),
});

type EnvName = keyof typeof envSchema.shape;
const secretVariables = new Set<string>([
  "AUTH_SECRET",
  "DATABASE_URL",
  "SMTP_URL",
  "GOOGLE_CLIENT_SECRET",
  "TODOIST_CLIENT_SECRET",
  "ASANA_CLIENT_SECRET",
  "INTEGRATIONS_KEY",
  "PADDLE_API_KEY",
  "PADDLE_WEBHOOK_SECRET",
] satisfies EnvName[]);
export const environmentVariableNames = Object.keys(envSchema.shape) as EnvName[];

/** The variables, their defaults and what they do; rendered into CONFIG.md and the README. */
export const configVariables: ReadonlyArray<{ name: EnvName; default: string; meaning: string }> = [
  { name: "PORT", default: "`3000`", meaning: "Port the server listens on." },
  { name: "HOST", default: "`0.0.0.0`", meaning: "Address the server listens on." },
  {
    name: "DATA_DIR",
    default: "`./data`",
    meaning: "Directory for the embedded database and the generated signing secret.",
  },
  {
    name: "DATA_DIR_LOCK_WAIT_SECONDS",
    default: "`30`",
    meaning:
      "How long a server waits for another one that holds the embedded database in `DATA_DIR` (a restart overlapping the old process's stop) before it exits naming the holder's pid. `0`: do not wait.",
  },
  {
    name: "DATABASE_URL",
    default: "unset",
    meaning: "`postgres://` URL of a PostgreSQL server. Unset: the embedded PGlite database in `DATA_DIR/pglite`.",
  },
  {
    name: "APP_URL",
    default: "`http://localhost:PORT`",
    meaning:
      "Public address of the app, used for the links in e-mails. Its host is the relying party of passkeys and its origin the only one they are accepted from: passkeys made under one host do not work under another, and browsers make none for an IP address.",
  },
  {
    name: "AUTH_SECRET",
    default: "unset",
    meaning:
      "Secret (32+ characters) that signs session tokens. Unset: 48 random bytes are generated once and kept in `DATA_DIR/auth-secret` (mode 600). Set it, the same on every instance, when several instances share one database.",
  },
  {
    name: "SMTP_URL",
    default: "unset",
    meaning:
      "`smtp://user:pass@host:port` (or `smtps://`) for outgoing e-mail. Unset: e-mails, links included, are written to the log.",
  },
  { name: "MAIL_FROM", default: "`Timetrap <no-reply@localhost>`", meaning: "Sender of outgoing e-mail." },
  {
    name: "GOOGLE_CLIENT_ID",
    default: "unset",
    meaning:
      "OAuth client id for sign-in with Google. Unset: the Google button is hidden and `POST /auth/sign` answers 503.",
  },
  {
    name: "GOOGLE_JWKS_URL",
    default: "`https://www.googleapis.com/oauth2/v3/certs`",
    meaning: "Where Google's ID-token signing keys are fetched from.",
  },
  {
    name: "GOOGLE_CLIENT_SECRET",
    default: "unset",
    meaning:
      "OAuth client secret of `GOOGLE_CLIENT_ID`, for connecting Google Calendar (the web-server flow; redirect URI `APP_URL/api/v1/connect/gcalendar/callback`). Unset: the integrations page shows Google Calendar as not configured.",
  },
  {
    name: "GOOGLE_OAUTH_AUTHORIZE_URL",
    default: "`https://accounts.google.com/o/oauth2/v2/auth`",
    meaning: "Google's consent page (a local fake's in tests).",
  },
  {
    name: "GOOGLE_OAUTH_TOKEN_URL",
    default: "`https://oauth2.googleapis.com/token`",
    meaning: "Google's token endpoint: code exchange and refresh.",
  },
  {
    name: "GOOGLE_OAUTH_REVOKE_URL",
    default: "`https://oauth2.googleapis.com/revoke`",
    meaning: "Where a disconnected Google token is revoked.",
  },
  {
    name: "GOOGLE_CALENDAR_API_URL",
    default: "`https://www.googleapis.com/calendar/v3`",
    meaning: "Base URL of the Google Calendar API.",
  },
  {
    name: "TODOIST_CLIENT_ID",
    default: "unset",
    meaning:
      "OAuth client id of Todoist's app console, for connecting Todoist (redirect URI `APP_URL/api/v1/connect/todoist/callback`). Unset (or without its secret): the integrations page shows Todoist as not configured.",
  },
  { name: "TODOIST_CLIENT_SECRET", default: "unset", meaning: "OAuth client secret of `TODOIST_CLIENT_ID`." },
  {
    name: "TODOIST_OAUTH_AUTHORIZE_URL",
    default: "`https://app.todoist.com/oauth/authorize`",
    meaning: "Todoist's consent page (a local fake's in tests).",
  },
  {
    name: "TODOIST_OAUTH_TOKEN_URL",
    default: "`https://api.todoist.com/oauth/access_token`",
    meaning: "Todoist's token endpoint: the code's exchange.",
  },
  {
    name: "TODOIST_API_URL",
    default: "`https://api.todoist.com/api/v1`",
    meaning: "Base URL of Todoist's API v1; a disconnected token is revoked at its `/revoke`.",
  },
  {
    name: "ASANA_CLIENT_ID",
    default: "unset",
    meaning:
      "OAuth client id of an Asana app, for connecting Asana (redirect URI `APP_URL/api/v1/connect/asana/callback`). Unset (or without its secret): the integrations page shows Asana as not configured.",
  },
  { name: "ASANA_CLIENT_SECRET", default: "unset", meaning: "OAuth client secret of `ASANA_CLIENT_ID`." },
  {
    name: "ASANA_OAUTH_AUTHORIZE_URL",
    default: "`https://app.asana.com/-/oauth_authorize`",
    meaning: "Asana's consent page (a local fake's in tests).",
  },
  {
    name: "ASANA_OAUTH_TOKEN_URL",
    default: "`https://app.asana.com/-/oauth_token`",
    meaning: "Asana's token endpoint: code exchange and refresh.",
  },
  {
    name: "ASANA_OAUTH_REVOKE_URL",
    default: "`https://app.asana.com/-/oauth_revoke`",
    meaning: "Where a disconnected Asana grant is revoked.",
  },
  { name: "ASANA_API_URL", default: "`https://app.asana.com/api/1.0`", meaning: "Base URL of Asana's API." },
  {
    name: "INTEGRATIONS_KEY",
    default: "unset",
    meaning:
      "32-byte key (64 hex digits or 43 base64url characters) that encrypts integration credentials and feed secrets at rest (AES-256-GCM). Unset: one is generated once and kept in `DATA_DIR/integrations-key` (mode 600). Set it, the same on every instance, when several instances share one database; losing it means every integration must be connected again.",
  },
  {
    name: "CONNECTOR_TIMEOUT_MS",
    default: "`10000`",
    meaning: "How long a call to an outside service (Google, Todoist, ...) may take before it counts as failed.",
  },
  {
    name: "PAYMO_API_URL",
    default: "`https://app.paymoapp.com/api`",
    meaning: "Base URL of Paymo's API (a local fake's in tests). A person connects Paymo with their own API key.",
  },
  {
    name: "JIRA_ALLOW_PRIVATE",
    default: "`false`",
    meaning:
      "`true` lets a Jira site resolve to a private, loopback or link-local address or name a port other than 443. For tests with a local fake only: it opens the server to SSRF.",
  },
  {
    name: "JIRA_ALLOW_HTTP",
    default: "`false`",
    meaning: "`true` talks to Jira sites over `http://` instead of `https://`. For tests with a local fake only.",
  },
  {
    name: "JOBS_WORKER",
    default: "`on`",
    meaning:
      "`off` keeps this instance from running queued jobs (webhook deliveries, e-mails, time written back to Jira, Paymo, Todoist and Asana); it still enqueues them for the instances that do.",
  },
  {
    name: "JOBS_POLL_INTERVAL_MS",
    default: "`1000`",
    meaning: "How often an idle worker looks for due jobs (a job enqueued by this instance is started at once).",
  },
  {
    name: "WEBHOOK_ALLOW_PRIVATE",
    default: "`false`",
    meaning:
      "`true` lets webhooks reach private, loopback and link-local addresses. For tests only: it opens the server to SSRF.",
  },
  {
    name: "WEBHOOK_ALLOW_HTTP",
    default: "`false`",
    meaning: "`true` accepts `http://` webhook URLs besides `https://`. For tests and local receivers only.",
  },
  {
    name: "WEBHOOK_ALLOWED_PORTS",
    default: "`80,443`",
    meaning: "The only ports a webhook URL may name, separated by commas.",
  },
  {
    name: "WEBHOOK_TIMEOUT_MS",
    default: "`10000`",
    meaning: "How long one webhook delivery attempt waits for the receiver's answer.",
  },
  {
    name: "PADDLE_API_KEY",
    default: "unset",
    meaning:
      "Paddle Billing's server-side API key. With `PADDLE_CLIENT_TOKEN`, `PADDLE_WEBHOOK_SECRET` and `PADDLE_PRICE_IDS` it turns payments on; unset, the plan picker says payments are not configured and `npm run plan` sets plans.",
  },
  {
    name: "PADDLE_CLIENT_TOKEN",
    default: "unset",
    meaning: "Paddle.js's client-side token (`test_…` in the sandbox, `live_…` in production).",
  },
  {
    name: "PADDLE_WEBHOOK_SECRET",
    default: "unset",
    meaning: "The secret of the notification destination that posts to `/api/v1/billing/paddle/webhook`.",
  },
  {
    name: "PADDLE_ENVIRONMENT",
    default: "`sandbox`, `production` when `NODE_ENV=production`",
    meaning: "Which Paddle the checkout and the API calls use.",
  },
  {
    name: "PADDLE_API_URL",
    default: "Paddle's API of the environment",
    meaning: "Base URL of Paddle's API (a local fake's in tests).",
  },
  {
    name: "PADDLE_PRICE_IDS",
    default: "unset",
    meaning: "The Paddle price of each paid plan, as `plan=price` pairs: `unlimited=pri_01h…`.",
  },
  { name: "CHAT_SCRIPT_URL", default: "unset", meaning: "Script of the chat-support widget. Unset: no widget." },
  {
    name: "TAG_MANAGER_URL",
    default: "unset",
    meaning: "Tag-manager script, loaded only after the user accepts cookies. Unset: none.",
  },
  { name: "TERMS_URL", default: "`APP_URL/legal/terms`", meaning: "Terms and conditions linked from onboarding." },
  { name: "PRIVACY_URL", default: "`APP_URL/legal/privacy`", meaning: "Privacy policy linked from onboarding." },
  { name: "KNOWLEDGE_BASE_URL", default: "`APP_URL/help`", meaning: "Knowledge-base link in the sidebar footer." },
  {
    name: "LOG_LEVEL",
    default: "`info`",
    meaning: "One of fatal, error, warn, info, debug, trace, silent.",
  },
  {
    name: "SIGN_IN_MAX_FAILURES",
    default: "`5`",
    meaning:
      "Failed sign-ins allowed for one e-mail from one client address before 429. Beside it, fixed: 50 an hour per account from any address, 100 in 15 minutes per address to any account.",
  },
  { name: "SIGN_IN_WINDOW_MINUTES", default: "`15`", meaning: "Window over which failed sign-ins are counted." },
  {
    name: "API_RATE_LIMIT_PER_MINUTE",
    default: "`600`",
    meaning:
      "Requests a minute one session or personal access token may make, answered in `RateLimit-*` headers; past it, 429 with `Retry-After`. Counted in the database, so across instances.",
  },
  {
    name: "API_EXPORT_RATE_LIMIT_PER_MINUTE",
    default: "`60`",
    meaning: "CSV exports (reports, audit log) a minute per session or token, counted apart from the other requests.",
  },
  {
    name: "CRASH_TEST_KILL_AFTER_COMMIT_OF",
    default: "unset",
    meaning:
      "Crash tests only, never in production: the server kills itself (SIGKILL) right after committing the POST whose `Idempotency-Key` is this value, before answering it.",
  },
  { name: "BODY_LIMIT_BYTES", default: "`1048576`", meaning: "Largest accepted request body; larger ones get 413." },
  {
    name: "WEB_DIST_DIR",
    default: "`apps/web/dist`",
    meaning: "Built web app to serve. Missing: pages answer 503 asking to run `npm run build`.",
  },
  {
    name: "CHANGELOG_PATH",
    default: "`CHANGELOG.md` at the repository root",
    meaning: "Served by `GET /api/v1/changelog`.",
  },
  {
    name: "TRUST_PROXY",
    default: "`false`",
    meaning:
      "Which proxies may name the client in `X-Forwarded-For` (the address the sign-in and e-mail limits count). `false`: none, the connection's address. A hop count (`1` for one load balancer or reverse proxy in front; safe only when the server cannot be reached but through it). Or the proxies' addresses or CIDR ranges, comma-separated (`10.0.0.0/8,192.168.1.10`; also `loopback`, `linklocal`, `uniquelocal`). `true` is refused: it would let any client choose its address.",
  },
];

export function renderConfigTable(): string {
  const rows = configVariables.map((v) => `| \`${v.name}\` | ${v.default} | ${v.meaning} |`);
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  dataDirLockWaitSeconds: number;
  databaseUrl: string | null;
  appUrl: string;
  authSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  googleClientId: string | null;
  googleJwksUrl: string;
  googleClientSecret: string | null;
  googleOauthAuthorizeUrl: string;
  googleOauthTokenUrl: string;
  googleOauthRevokeUrl: string;
  googleCalendarApiUrl: string;
  todoistClientId: string | null;
  todoistClientSecret: string | null;
  todoistOauthAuthorizeUrl: string;
  todoistOauthTokenUrl: string;
  todoistApiUrl: string;
  asanaClientId: string | null;
  asanaClientSecret: string | null;
  asanaOauthAuthorizeUrl: string;
  asanaOauthTokenUrl: string;
  asanaOauthRevokeUrl: string;
  asanaApiUrl: string;
  /** 32 bytes: the AES-256-GCM key of integration credentials. */
  integrationsKey: Buffer;
  connectorTimeoutMs: number;
  paymoApiUrl: string;
  jiraAllowPrivate: boolean;
  jiraAllowHttp: boolean;
  jobsWorker: boolean;
  jobsPollIntervalMs: number;
  webhookAllowPrivate: boolean;
  webhookAllowHttp: boolean;
  webhookAllowedPorts: number[];
  webhookTimeoutMs: number;
  /** Paddle Billing (decision 031); null when payments are not configured (any of its keys missing). */
  paddle: PaddleConfig | null;
  chatScriptUrl: string | null;
  tagManagerUrl: string | null;
  termsUrl: string;
  privacyUrl: string;
  knowledgeBaseUrl: string;
  logLevel: (typeof logLevels)[number];
  signInMaxFailures: number;
  signInWindowMinutes: number;
  apiRateLimitPerMinute: number;
  apiExportRateLimitPerMinute: number;
  /** The crash tests' failpoint (decision 025); null outside them. */
  crashTestKillAfterCommitOf: string | null;
  bodyLimitBytes: number;
  webDistDir: string;
  changelogPath: string;
  trustProxy: TrustProxy;
}

export interface PaddleConfig {
  apiKey: string;
  clientToken: string;
  webhookSecret: string;
  environment: "sandbox" | "production";
  apiUrl: string;
  /** Plan code to Paddle price id. */
  priceIds: Record<string, string>;
}

function paddleConfigOf(e: z.infer<typeof envSchema>, nodeEnv: string | undefined): PaddleConfig | null {
  if (!e.PADDLE_API_KEY || !e.PADDLE_CLIENT_TOKEN || !e.PADDLE_WEBHOOK_SECRET || !e.PADDLE_PRICE_IDS) return null;
  const environment = e.PADDLE_ENVIRONMENT ?? (nodeEnv === "production" ? "production" : "sandbox");
  const apiUrl =
    e.PADDLE_API_URL ?? (environment === "production" ? "https://api.paddle.com" : "https://sandbox-api.paddle.com");
  return {
    apiKey: e.PADDLE_API_KEY,
    clientToken: e.PADDLE_CLIENT_TOKEN,
    webhookSecret: e.PADDLE_WEBHOOK_SECRET,
    environment,
    apiUrl: apiUrl.replace(/\/+$/, ""),
    priceIds: Object.fromEntries(e.PADDLE_PRICE_IDS.split(",").map((pair) => pair.split("=") as [string, string])),
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Reads the environment once. Empty values count as unset, as in most `.env` files. Throws a
 * {@link ConfigError} naming every bad variable, so a misconfigured server never starts half-way.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((name) => [name, env[name]?.trim()])
      .filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        // Values that may hold a password are never echoed into a log.
        const shown = secretVariables.has(name) ? "" : ` (got "${present[name] ?? ""}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dataDirLockWaitSeconds: e.DATA_DIR_LOCK_WAIT_SECONDS,
    databaseUrl: e.DATABASE_URL ?? null,
    appUrl,
    authSecret: e.AUTH_SECRET ?? readOrCreateAuthSecret(dataDir),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET ?? null,
    googleOauthAuthorizeUrl: e.GOOGLE_OAUTH_AUTHORIZE_URL,
    googleOauthTokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
    googleOauthRevokeUrl: e.GOOGLE_OAUTH_REVOKE_URL,
    googleCalendarApiUrl: e.GOOGLE_CALENDAR_API_URL.replace(/\/+$/, ""),
    todoistClientId: e.TODOIST_CLIENT_ID ?? null,
    todoistClientSecret: e.TODOIST_CLIENT_SECRET ?? null,
    todoistOauthAuthorizeUrl: e.TODOIST_OAUTH_AUTHORIZE_URL,
    todoistOauthTokenUrl: e.TODOIST_OAUTH_TOKEN_URL,
    todoistApiUrl: e.TODOIST_API_URL.replace(/\/+$/, ""),
    asanaClientId: e.ASANA_CLIENT_ID ?? null,
    asanaClientSecret: e.ASANA_CLIENT_SECRET ?? null,
    asanaOauthAuthorizeUrl: e.ASANA_OAUTH_AUTHORIZE_URL,
    asanaOauthTokenUrl: e.ASANA_OAUTH_TOKEN_URL,
    asanaOauthRevokeUrl: e.ASANA_OAUTH_REVOKE_URL,
    asanaApiUrl: e.ASANA_API_URL.replace(/\/+$/, ""),
    integrationsKey: keyOf(e.INTEGRATIONS_KEY ?? readOrCreateSecret(dataDir, "integrations-key", 32, "hex")),
    connectorTimeoutMs: e.CONNECTOR_TIMEOUT_MS,
    paymoApiUrl: e.PAYMO_API_URL.replace(/\/+$/, ""),
    jiraAllowPrivate: e.JIRA_ALLOW_PRIVATE === "true",
    jiraAllowHttp: e.JIRA_ALLOW_HTTP === "true",
    jobsWorker: e.JOBS_WORKER === "on",
    jobsPollIntervalMs: e.JOBS_POLL_INTERVAL_MS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "true",
    webhookAllowHttp: e.WEBHOOK_ALLOW_HTTP === "true",
    webhookAllowedPorts: e.WEBHOOK_ALLOWED_PORTS.split(",").map(Number),
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    paddle: paddleConfigOf(e, env.NODE_ENV),
    chatScriptUrl: e.CHAT_SCRIPT_URL ?? null,
    tagManagerUrl: e.TAG_MANAGER_URL ?? null,
    termsUrl: e.TERMS_URL ?? `${appUrl}/legal/terms`,
    privacyUrl: e.PRIVACY_URL ?? `${appUrl}/legal/privacy`,
    knowledgeBaseUrl: e.KNOWLEDGE_BASE_URL ?? `${appUrl}/help`,
    logLevel: e.LOG_LEVEL,
    signInMaxFailures: e.SIGN_IN_MAX_FAILURES,
    signInWindowMinutes: e.SIGN_IN_WINDOW_MINUTES,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    apiExportRateLimitPerMinute: e.API_EXPORT_RATE_LIMIT_PER_MINUTE,
    crashTestKillAfterCommitOf: e.CRASH_TEST_KILL_AFTER_COMMIT_OF ?? null,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: resolve(e.WEB_DIST_DIR ?? join(serverPackageRoot, "../web/dist")),
    changelogPath: resolve(e.CHANGELOG_PATH ?? join(repositoryRoot, "CHANGELOG.md")),
    trustProxy: e.TRUST_PROXY,
  };
}

/**
 * The signing secret must survive restarts (or every session would end) and must never be a constant
 * in code. Written to a temporary file and hard-linked into place so that two instances starting on
 * the same data directory never read a half-written secret: the loser of the race reads the winner's.
 */
function readOrCreateAuthSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  const secret = readOrCreateSecret(dataDir, "auth-secret", 48, "base64url");
  if (secret.length < 32) {
    throw new ConfigError([`AUTH_SECRET: ${file} holds fewer than 32 characters; delete it to generate a new one`]);
  }
  return secret;
}

/** A secret kept in `DATA_DIR/{name}`: made of `bytes` random bytes the first time, read back after. */
function readOrCreateSecret(dataDir: string, name: string, bytes: number, encoding: "hex" | "base64url"): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) writeSecret(file, randomBytes(bytes).toString(encoding));
  return readFileSync(file, "utf8").trim();
}

/** The integrations key from its 64 hex digits or 43 base64url characters (what a file or the variable holds). */
function keyOf(text: string): Buffer {
  const key = /^[A-Fa-f0-9]{64}$/.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64url");
  if (key.length !== 32) {
    throw new ConfigError([
      "INTEGRATIONS_KEY: the key file does not hold 32 bytes; restore it (or delete it and connect every integration again)",
    ]);
  }
  return key;
}

function writeSecret(file: string, value: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(temporary, value, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
}
