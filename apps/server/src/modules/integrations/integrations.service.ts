import {
  type ConnectErrorCode,
  calendarServiceTokenLifetimeSeconds,
  type Integration,
  type IntegrationInput,
  type IntegrationMetadata,
  type IntegrationService,
  type IntegrationServiceState,
  type IntegrationTokenType,
  type IntegrationUnavailableReason,
  integrationConnectionOf,
  integrationServices,
  isUnitBlocked,
  mayConnectIntegration,
  oauthStateLifetimeSeconds,
  type PlanConfigEntry,
  type UserIntegrations,
} from "@timetrap/domain";
import type { FastifyBaseLogger } from "fastify";
import type { ConnectorError } from "../../connectors/http-client.js";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { UsersService } from "../users/users.service.js";
import { appErrorOf, concernsIntegration, isConnectorError } from "./connector-errors.js";
import type { IntegrationRow, IntegrationsRepository } from "./integrations.repository.js";
import { isStateSignedFor, signState, stateIdOf } from "./oauth-state.js";
import { integrationAad, openSecret, sealSecret } from "./secret-box.js";

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;

/** What a connection or a refresh gives: the access token, perhaps a new refresh token, and what may be shown. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number;
  scopes: string[];
  email: string | null;
}

/** The OAuth side of a redirect-based connector (Google's, the next issue's Todoist and Asana). */
export interface OAuthConnector {
  /** False when the server has no client id or secret for the service. */
  configured: boolean;
  authorizationUrl(options: { state: string; redirectUri: string; loginHint?: string }): string;
  exchangeCode(options: { code: string; redirectUri: string }): Promise<OAuthTokens>;
  refresh(refreshToken: string): Promise<OAuthTokens>;
  revoke(token: string): Promise<void>;
}

/** What a credentials service keeps of what the person typed, and what may be shown of it. */
export interface StoredCredential {
  /** The text sealed and handed to each call (`withAccessToken`): Paymo's key, Jira's site, e-mail and token. */
  credential: string;
  tokenType: IntegrationTokenType;
  metadata: IntegrationMetadata;
}

/**
 * A service connected with a key the person types (Paymo, Jira: spec §2 "Integrations page and profile"): the key is
 * checked with the service before it is kept, and nothing refreshes it.
 */
export interface CredentialsConnector {
  /** The credential the input makes; null when the input is not this service's. */
  credentialOf(input: IntegrationInput): StoredCredential | null;
  /**
   * Asks the service whether it takes the credential; answers what may be shown beside what the person typed (the
   * account's e-mail). A refusal throws the client's ConnectorError.
   */
  check(credential: string): Promise<{ accountEmail: string | null }>;
}

/** The services' names as people know them, in messages. */
export const serviceNames: Record<IntegrationService, string> = {
  gcalendar: "Google Calendar",
  todoist: "Todoist",
  asana: "Asana",
  paymo: "Paymo",
  jira: "Jira",
};

/** Decision 029: an access token with less than this left is refreshed before it is used. */
const refreshMarginMs = 60_000;

/** Every organization starts on this plan; a person who has none yet is held to it (ARCHITECTURE.md "Plans"). */
const initialPlanCode = "free";

function toIntegration(row: IntegrationRow): Integration {
  return {
    service: row.service,
    status: row.status,
    token_type: row.tokenType,
    expires_at: row.expiresAt ? row.expiresAt.getTime() : null,
    metadata: {
      account_email: row.metadata.account_email ?? null,
      domain: row.metadata.domain ?? null,
      scopes: row.metadata.scopes ?? [],
    },
    last_error: row.lastError,
    write_back: row.writeBack,
    created_at: row.createdAt.getTime(),
  };
}

function integrationLimitMessage(config: readonly PlanConfigEntry[] | null): string {
  const limit = config?.find((entry) => entry.unitType === "INTEGRATION")?.tierLimit;
  if (typeof limit !== "number") return "Your plan does not include integrations. Upgrade the plan to connect them";
  return `Your plan allows ${limit} integration${limit === 1 ? "" : "s"} per person. Upgrade the plan to connect more`;
}

const notConnected = (service: IntegrationService) =>
  new AppError("INTEGRATION_NOT_CONNECTED", `${serviceNames[service]} is not connected`);

const needsReconnect = (service: IntegrationService, reason: string | null) =>
  new AppError(
    "INTEGRATION_NEEDS_RECONNECT",
    `${serviceNames[service]} must be connected again${reason ? ` (${reason})` : ""}`,
  );

function unavailable(service: IntegrationService, reason: IntegrationUnavailableReason): AppError {
  return new AppError(
    "INTEGRATION_UNAVAILABLE",
    reason === "not_configured"
      ? `${serviceNames[service]} is not configured on this server`
      : `${serviceNames[service]} cannot be connected in this version`,
  );
}

/** Where the consent page sends the browser back to (registered with the service as the redirect URI). */
export function callbackPathOf(service: IntegrationService): string {
  return `/api/v1/connect/${service}/callback`;
}

/**
 * A credential the service refused or whose site cannot be used: the person's to fix, answered 400 at connecting and
 * nothing kept. A 404 counts too: the site or account the credential names does not answer as the service does.
 */
const refusedKinds = new Set(["unauthorized", "forbidden", "client", "not_found"]);

/** The site's own problems (Jira's domain), which concern the integration rather than one request. */
const siteReasons = new Set(["private_address", "site_not_found", "invalid_port", "invalid_site"]);

/** The outcome of a refresh under the row's lock; a refused one is written before it is told, outside the lock. */
type Refreshed = { token: string; row: IntegrationRow } | { refused: AppError } | { failed: ConnectorError };

export function createIntegrationsService({
  repository,
  users,
  organizations,
  oauth,
  credentials = {},
  settings,
  logger,
}: {
  repository: IntegrationsRepository;
  users: Pick<UsersService, "findAccountById" | "lockAccount">;
  organizations: Pick<OrganizationsService, "findMembership" | "findOrganizationIdOfUser">;
  /** The redirect-based services this server has a connector for. */
  oauth: Partial<Record<IntegrationService, OAuthConnector>>;
  /** The services connected with a key (Paymo, Jira) this server has a connector for. */
  credentials?: Partial<Record<IntegrationService, CredentialsConnector>>;
  settings: { appUrl: string; authSecret: string; integrationsKey: Buffer };
  logger: FastifyBaseLogger;
}) {
  const seal = (userId: string, service: IntegrationService, text: string) =>
    sealSecret(settings.integrationsKey, text, integrationAad(userId, service));
  const open = (row: IntegrationRow, sealed: string) =>
    openSecret(settings.integrationsKey, sealed, integrationAad(row.userId, row.service));

  function availabilityOf(service: IntegrationService): IntegrationUnavailableReason | null {
    if (integrationConnectionOf[service] === "credentials") return credentials[service] ? null : "not_yet_available";
    const connector = oauth[service];
    if (!connector) return "not_yet_available";
    return connector.configured ? null : "not_configured";
  }

  /** The connector of a service that can be connected here; 409 naming why not otherwise. */
  function requireConnector(service: IntegrationService): OAuthConnector {
    if (integrationConnectionOf[service] === "credentials") {
      throw new AppError(
        "BAD_REQUEST",
        `${serviceNames[service]} connects with its credentials: POST /api/v1/user/{id}/integration`,
      );
    }
    const reason = availabilityOf(service);
    const connector = oauth[service];
    if (reason || !connector) throw unavailable(service, reason ?? "not_yet_available");
    return connector;
  }

  /**
   * A request about a person's connections: only they may make it. Another organization's person (or someone
   * unknown) is a 404, so ids reveal nothing; a colleague is a 403 (a manager may read a board, not connections).
   */
  async function assertSelf(actorId: string, userId: string): Promise<void> {
    if (actorId === userId) return;
    const [actorOrganization, targetOrganization] = await Promise.all([
      organizations.findOrganizationIdOfUser({ userId: actorId }),
      organizations.findOrganizationIdOfUser({ userId }),
    ]);
    if (!actorOrganization || actorOrganization !== targetOrganization) throw notFound("User");
    throw forbidden("Only the person themselves can see or change their integrations");
  }

  async function planConfigOf(userId: string): Promise<readonly PlanConfigEntry[] | null> {
    const membership = await organizations.findMembership({ userId });
    if (membership) return membership.organization.plan.config;
    return (await repository.findPlanConfig(initialPlanCode)) ?? null;
  }

  async function requireAccount(userId: string) {
    const account = await users.findAccountById({ userId });
    if (!account) throw notFound("User");
    return account;
  }

  const redirectUriOf = (service: IntegrationService) => `${settings.appUrl}${callbackPathOf(service)}`;

  /** The integrations page with the outcome; the home page when the state named nobody the server can trust. */
  function pageWith(userId: string | null, query: Record<string, string>): string {
    const search = new URLSearchParams(query).toString();
    return userId ? `${settings.appUrl}/user/${userId}/integrations?${search}` : `${settings.appUrl}/?${search}`;
  }

  const expiresSoon = (row: IntegrationRow) =>
    row.expiresAt !== null && row.expiresAt.getTime() - Date.now() < refreshMarginMs;

  const expiryOf = (tokens: OAuthTokens) =>
    new Date(Date.now() + (tokens.expiresInSeconds || calendarServiceTokenLifetimeSeconds) * 1000);

  /**
   * A fresh access token, under the row's lock: of two requests that find the token expiring, the second reads the
   * first's token after the lock instead of refreshing again. `rejected` is the token the service just refused
   * (a forced refresh); one that differs from it was refreshed by another request meanwhile. `refusal` is the service's
   * words for it: without a refresh token (Todoist's grants have none) they are why the person must reconnect.
   */
  async function refreshLocked(
    userId: string,
    service: IntegrationService,
    connector: OAuthConnector,
    rejected: string | null,
    refusal: string | null = null,
  ): Promise<Refreshed> {
    return repository.holding(userId, service, async (queries, find) => {
      const row = await find();
      if (!row) throw notConnected(service);
      if (row.status === "needs_reconnect") return { refused: needsReconnect(service, row.lastError) };
      const current = open(row, row.credential);
      if (rejected === null ? !expiresSoon(row) : current !== rejected) return { token: current, row };
      if (!row.refreshToken) {
        const reason = refusal ?? `${serviceNames[service]} gave no refresh token`;
        await queries.markNeedsReconnect(row.id, reason);
        return { refused: needsReconnect(service, reason) };
      }
      let tokens: OAuthTokens;
      try {
        tokens = await connector.refresh(open(row, row.refreshToken));
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        if (error.kind === "unauthorized") {
          // The refresh token was revoked or has expired (`invalid_grant`): nothing but a new consent helps.
          await queries.markNeedsReconnect(row.id, error.message);
          logger.warn({ userId, service, reason: error.reason }, "an integration's refresh was refused");
          return { refused: needsReconnect(service, error.message) };
        }
        return { failed: error };
      }
      const updated = await queries.updateTokens(row.id, {
        credential: seal(userId, service, tokens.accessToken),
        ...(tokens.refreshToken ? { refreshToken: seal(userId, service, tokens.refreshToken) } : {}),
        expiresAt: expiryOf(tokens),
      });
      logger.info({ userId, service }, "an integration's access token was refreshed");
      return { token: tokens.accessToken, row: updated ?? row };
    });
  }

  /** Keeps (or clears) the failure on the integration, for its page, and answers the API's error for it. */
  async function failure(row: IntegrationRow, error: ConnectorError): Promise<AppError> {
    logger.warn(
      { userId: row.userId, service: row.service, kind: error.kind, status: error.status, reason: error.reason },
      error.message,
    );
    if (concernsIntegration(error) || siteReasons.has(error.reason ?? "")) {
      await repository.recordError(row.id, error.message);
    }
    return appErrorOf(error);
  }

  /**
   * Runs `work` with the stored credential of a credentials service (Paymo's key, Jira's site, e-mail and token): no
   * refresh exists for them, so a credential the service refuses marks the integration for reconnecting (409).
   */
  async function withStoredCredential<T>(
    userId: string,
    service: IntegrationService,
    work: (credential: string) => Promise<T>,
  ): Promise<T> {
    if (!credentials[service]) throw unavailable(service, "not_yet_available");
    const row = await repository.find(userId, service);
    if (!row) throw notConnected(service);
    if (row.status === "needs_reconnect") throw needsReconnect(service, row.lastError);
    let result: T;
    try {
      result = await work(open(row, row.credential));
    } catch (error) {
      if (!isConnectorError(error)) throw error;
      if (error.kind !== "unauthorized") throw await failure(row, error);
      await repository.markNeedsReconnect(row.id, error.message);
      logger.warn({ userId, service, status: error.status }, "an integration's credential was refused");
      throw needsReconnect(service, error.message);
    }
    if (row.lastError !== null) await repository.recordError(row.id, null);
    return result;
  }

  async function tokenAfterRefresh(refreshed: Refreshed, row: IntegrationRow): Promise<string> {
    if ("refused" in refreshed) throw refreshed.refused;
    if ("failed" in refreshed) throw await failure(row, refreshed.failed);
    return refreshed.token;
  }

  return {
    /** `GET user/{id}/integrations`: every service, the person's connections (never a credential) and the plan's unit. */
    async listIntegrations({ actorId, userId }: { actorId: string; userId: string }): Promise<UserIntegrations> {
      await assertSelf(actorId, userId);
      const [account, rows, config] = await Promise.all([
        requireAccount(userId),
        repository.listByUser(userId),
        planConfigOf(userId),
      ]);
      const services: IntegrationServiceState[] = integrationServices.map((service) => {
        const reason = availabilityOf(service);
        const row = rows.find((candidate) => candidate.service === service);
        return {
          service,
          connection: integrationConnectionOf[service],
          available: reason === null,
          unavailable_reason: reason,
          always_on: service === "gcalendar" && account.googleSub !== null,
          integration: row ? toIntegration(row) : null,
        };
      });
      const entry = config?.find((candidate) => candidate.unitType === "INTEGRATION");
      return {
        services,
        limit: {
          used: rows.length,
          tier_limit: entry?.tierLimited ? entry.tierLimit : null,
          blocked: isUnitBlocked(config, "INTEGRATION", rows.length),
        },
      };
    },

    /**
     * `POST user/{id}/integration`: a credentials service's key (Paymo's API key; Jira's site, e-mail and API token),
     * checked with the service first: a refused one is a 400 in the service's words and nothing is kept. The plan's
     * INTEGRATION unit is decided again as the credential is stored (the person's row locked, counted, inserted), so
     * two connections at once cannot pass it. Connecting again replaces the credential. A redirect-based service
     * connects through its consent page instead.
     */
    async createIntegration({
      actorId,
      userId,
      input,
    }: {
      actorId: string;
      userId: string;
      input: IntegrationInput;
    }): Promise<Integration> {
      await assertSelf(actorId, userId);
      if (input.user_id !== undefined && input.user_id !== userId) {
        throw new AppError("BAD_REQUEST", "user_id must be the id of the path, or left out");
      }
      const { service } = input;
      if (integrationConnectionOf[service] === "redirect") {
        throw new AppError(
          "BAD_REQUEST",
          `${serviceNames[service]} connects through its consent page: GET /api/v1/connect/${service}`,
        );
      }
      const connector = credentials[service];
      if (!connector) throw unavailable(service, availabilityOf(service) ?? "not_yet_available");
      const stored = connector.credentialOf(input);
      if (!stored) throw new AppError("BAD_REQUEST", `These are not ${serviceNames[service]}'s credentials`);

      // Told before the service is asked: a person at the limit learns it without their key being sent anywhere.
      const [rows, config] = await Promise.all([repository.listByUser(userId), planConfigOf(userId)]);
      const mayConnect = (connected: readonly IntegrationRow[]) =>
        mayConnectIntegration(
          config,
          connected.map((row) => row.service),
          service,
        );
      if (!mayConnect(rows)) throw new AppError("PLAN_LIMIT_REACHED", integrationLimitMessage(config));

      let accountEmail: string | null;
      try {
        ({ accountEmail } = await connector.check(stored.credential));
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        logger.info({ userId, service, kind: error.kind, status: error.status, reason: error.reason }, error.message);
        if (refusedKinds.has(error.kind)) throw new AppError("BAD_REQUEST", error.message);
        throw appErrorOf(error);
      }
      const metadata: IntegrationMetadata = {
        ...stored.metadata,
        ...(stored.metadata.account_email === undefined && accountEmail ? { account_email: accountEmail } : {}),
      };
      const outcome = await repository.transaction(async (queries, tx) => {
        if (!(await users.lockAccount({ userId, tx }))) return "gone" as const;
        if (!mayConnect(await queries.listByUser(userId))) return "limit_reached" as const;
        return queries.upsert({
          userId,
          service,
          credential: seal(userId, service, stored.credential),
          refreshToken: null,
          tokenType: stored.tokenType,
          expiresAt: null,
          metadata,
        });
      });
      if (outcome === "gone") throw notFound("User");
      if (outcome === "limit_reached") throw new AppError("PLAN_LIMIT_REACHED", integrationLimitMessage(config));
      logger.info({ userId, service }, "an integration was connected");
      return toIntegration(outcome);
    },

    /**
     * `DELETE user/{id}/integration/{service}`: the row goes at once; the token is then revoked at the service, best
     * effort (a failure is logged: the person's side is already disconnected).
     */
    async deleteIntegration({
      actorId,
      userId,
      service,
    }: {
      actorId: string;
      userId: string;
      service: IntegrationService;
    }): Promise<void> {
      await assertSelf(actorId, userId);
      const [account, row] = await Promise.all([requireAccount(userId), repository.find(userId, service)]);
      if (!row) throw notFound(`${serviceNames[service]} integration`);
      if (service === "gcalendar" && account.googleSub !== null) {
        throw new AppError("CONFLICT", "Google Calendar stays connected for a person who signs in with Google");
      }
      const deleted = await repository.delete(userId, service);
      if (!deleted) throw notFound(`${serviceNames[service]} integration`);
      const connector = oauth[service];
      if (!connector?.configured) return;
      try {
        // Revoking the refresh token ends the whole grant; the access token alone when there is none.
        await connector.revoke(open(deleted, deleted.refreshToken ?? deleted.credential));
      } catch (error) {
        const reason = isConnectorError(error) ? error.message : "the token could not be read";
        logger.warn({ userId, service }, `an integration's token was not revoked: ${reason}`);
      }
    },

    /**
     * `GET connect/{service}`: the consent page's address with a fresh single-use `state` bound to the person. A
     * person at the plan's limit is told now (403), before the consent page; the callback decides it again.
     */
    async connectUrl({ actorId, service }: { actorId: string; service: IntegrationService }): Promise<{ url: string }> {
      const connector = requireConnector(service);
      const [account, rows, config] = await Promise.all([
        requireAccount(actorId),
        repository.listByUser(actorId),
        planConfigOf(actorId),
      ]);
      const connected = rows.map((row) => row.service);
      if (!mayConnectIntegration(config, connected, service)) {
        throw new AppError("PLAN_LIMIT_REACHED", integrationLimitMessage(config));
      }
      const stored = await repository.insertState(actorId, service, oauthStateLifetimeSeconds);
      const state = signState(settings.authSecret, { id: stored.id, userId: actorId, service });
      const url = connector.authorizationUrl({
        state,
        redirectUri: redirectUriOf(service),
        ...(account.googleSub !== null && service === "gcalendar" ? { loginHint: account.email } : {}),
      });
      return { url };
    },

    /**
     * `GET connect/{service}/callback`: where the consent page returns the browser. Answers the address of the
     * integrations page with the outcome; never throws for what the query says, since a person is reading the answer.
     */
    async completeConnection({
      service,
      query,
    }: {
      service: IntegrationService;
      query: { state?: string | undefined; code?: string | undefined; error?: string | undefined };
    }): Promise<string> {
      const failed = (userId: string | null, error: ConnectErrorCode) => pageWith(userId, { service, error });
      const id = query.state ? stateIdOf(query.state) : null;
      const stored = id ? await repository.findState(id) : undefined;
      if (
        !query.state ||
        !stored ||
        stored.service !== service ||
        !isStateSignedFor(settings.authSecret, query.state, stored)
      ) {
        logger.warn({ service }, "an OAuth callback came with a state the server did not sign");
        return failed(null, "invalid_state");
      }
      const { userId } = stored;
      if (!(await repository.consumeState(stored.id))) {
        const expired = stored.usedAt === null && stored.expiresAt.getTime() <= Date.now();
        logger.warn({ userId, service }, `an OAuth callback came with ${expired ? "an expired" : "a used"} state`);
        return failed(userId, expired ? "expired_state" : "invalid_state");
      }
      if (query.error !== undefined) {
        logger.info({ userId, service, error: query.error.slice(0, 100) }, "a consent was not given");
        return failed(userId, query.error === "access_denied" ? "access_denied" : "exchange_failed");
      }
      const connector = oauth[service];
      if (!connector?.configured) return failed(userId, "not_configured");
      if (!query.code) return failed(userId, "exchange_failed");

      let tokens: OAuthTokens;
      try {
        tokens = await connector.exchangeCode({ code: query.code, redirectUri: redirectUriOf(service) });
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        logger.warn({ userId, service, kind: error.kind, reason: error.reason }, error.message);
        return failed(userId, "exchange_failed");
      }

      const config = await planConfigOf(userId);
      const metadata: IntegrationMetadata = {
        ...(tokens.email ? { account_email: tokens.email } : {}),
        scopes: tokens.scopes,
      };
      // Decided again here, atomically: the person's row is locked, so two consents finished at once are counted one
      // after the other and cannot both take the last integration of the plan.
      const outcome = await repository.transaction(async (queries, tx) => {
        if (!(await users.lockAccount({ userId, tx }))) return "gone" as const;
        const connected = (await queries.listByUser(userId)).map((row) => row.service);
        if (!mayConnectIntegration(config, connected, service)) return "limit_reached" as const;
        return queries.upsert({
          userId,
          service,
          credential: seal(userId, service, tokens.accessToken),
          refreshToken: tokens.refreshToken ? seal(userId, service, tokens.refreshToken) : null,
          tokenType: "Bearer",
          expiresAt: expiryOf(tokens),
          metadata,
        });
      });
      // Over the limit (or the person deleted meanwhile) the tokens are dropped, never stored.
      if (outcome === "gone") return failed(null, "invalid_state");
      if (outcome === "limit_reached") {
        logger.info({ userId, service }, "a consent over the plan's integration limit was not kept");
        return failed(userId, "limit_reached");
      }
      logger.info({ userId, service }, "an integration was connected");
      return pageWith(userId, { connected: service });
    },

    /**
     * Runs `work` with a working credential of the person's integration. An OAuth service's access token is refreshed
     * first when it is about to expire, and once more when the service refuses it (then retried once); a refused
     * refresh marks the integration for reconnecting (409). A credentials service's stored credential (Paymo's key,
     * Jira's site, e-mail and token) is handed as it is, and its refusal marks the integration for reconnecting at
     * once. Any other failure of the service is kept as the integration's last error and answered as decision 029's
     * table says.
     */
    async withAccessToken<T>(
      { userId, service }: { userId: string; service: IntegrationService },
      work: (accessToken: string) => Promise<T>,
    ): Promise<T> {
      if (integrationConnectionOf[service] === "credentials") return withStoredCredential(userId, service, work);
      const connector = requireConnector(service);
      let row = await repository.find(userId, service);
      if (!row) throw notConnected(service);
      if (row.status === "needs_reconnect") throw needsReconnect(service, row.lastError);
      let token: string;
      if (expiresSoon(row)) {
        const refreshed = await refreshLocked(userId, service, connector, null);
        token = await tokenAfterRefresh(refreshed, row);
        if ("row" in refreshed) row = refreshed.row;
      } else {
        token = open(row, row.credential);
      }
      let result: T;
      try {
        result = await work(token);
      } catch (error) {
        if (!isConnectorError(error)) throw error;
        if (error.kind !== "unauthorized") throw await failure(row, error);
        const refreshed = await refreshLocked(userId, service, connector, token, error.message);
        token = await tokenAfterRefresh(refreshed, row);
        if ("row" in refreshed) row = refreshed.row;
        try {
          result = await work(token);
        } catch (again) {
          if (!isConnectorError(again)) throw again;
          if (again.kind !== "unauthorized") throw await failure(row, again);
          // A token refreshed a moment ago and refused all the same: the grant no longer covers this.
          await repository.markNeedsReconnect(row.id, again.message);
          throw needsReconnect(service, again.message);
        }
      }
      if (row.lastError !== null) await repository.recordError(row.id, null);
      return result;
    },

    /**
     * A request about a person's connections (their integrations, their time written back): only they may make it;
     * another organization's person is a 404 and a colleague a 403.
     */
    assertSelf({ actorId, userId }: { actorId: string; userId: string }): Promise<void> {
      return assertSelf(actorId, userId);
    },

    /** The services a person has connected, as the user's answer lists them. */
    async connectedServices({ userId }: { userId: string }): Promise<IntegrationService[]> {
      return (await repository.listByUser(userId)).map((row) => row.service);
    },
  };
}
