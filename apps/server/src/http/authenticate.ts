import { isAccessTokenShaped, type PreferencesPatch } from "@timetrap/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.js";

/** The signed-in user's organization (null before joining one) and preferences, as the session check read them. */
export interface RequestAccount {
  organizationId: string | null;
  preferences: PreferencesPatch;
  /** The session was opened for enrolling a second factor only (decision 018). */
  enrolmentRequired: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the authenticate hook on routes that need a session. */
    userId: string | null;
    /** The session the request's token names; set with `userId` unless a personal access token made the call. */
    sessionId: string | null;
    /** The personal access token that made the call (decision 024); null for a session's. */
    accessTokenId: string | null;
    /** Set with `userId`: what the session check read of the user, so that a route need not read it again. */
    account: RequestAccount | null;
  }
}

export type Authenticate = (request: FastifyRequest) => Promise<void>;

/** For the OpenAPI document of routes that need a session. */
export const bearerSecurity = [{ bearerAuth: [] }];

export const unauthenticated = () => new AppError("UNAUTHENTICATED", "Your session is not valid. Please sign in again");

const enrolmentRequired = () =>
  new AppError(
    "TWO_FACTOR_ENROLMENT_REQUIRED",
    "Your organization requires two-factor sign-in. Set up an authenticator app or a passkey to continue",
  );

export interface AuthenticationChecks {
  verifySessionToken: (token: string) => Promise<{ userId: string; sessionId: string; account: RequestAccount }>;
  /** A personal access token's person and account, for a call of `method`; throws when it may not make it. */
  verifyAccessToken: (
    token: string,
    method: string,
  ) => Promise<{ userId: string; tokenId: string; account: RequestAccount }>;
  /** The routes (as registered, prefix included) a session opened for enrolment only may reach. */
  reachableDuringEnrolment: ReadonlySet<string>;
  /** Whether a route (as registered) is closed to personal access tokens. */
  closedToAccessTokens: (url: string) => boolean;
}

const closedToAccessTokens = () =>
  new AppError(
    "FORBIDDEN",
    "A personal access token cannot manage tokens, sessions, two-factor sign-in or passkeys: sign in to do this",
  );

export function registerAuthentication(app: FastifyInstance, checks: AuthenticationChecks): Authenticate {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("accessTokenId", null);
  app.decorateRequest("account", null);
  return async (request) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
    if (!match?.[1]) throw unauthenticated();
    const route = request.routeOptions.url ?? "";
    if (isAccessTokenShaped(match[1])) {
      const { userId, tokenId, account } = await checks.verifyAccessToken(match[1], request.method);
      if (checks.closedToAccessTokens(route)) throw closedToAccessTokens();
      request.userId = userId;
      request.accessTokenId = tokenId;
      request.account = account;
      return;
    }
    const { userId, sessionId, account } = await checks.verifySessionToken(match[1]);
    // Checked here, on every route that needs a session, so that no route can forget it.
    if (account.enrolmentRequired && !checks.reachableDuringEnrolment.has(route)) {
      throw enrolmentRequired();
    }
    request.userId = userId;
    request.sessionId = sessionId;
    request.account = account;
  };
}

/** The signed-in user's id, on a route guarded by the authenticate hook. */
export function actorIdOf(request: FastifyRequest): string {
  if (!request.userId) throw unauthenticated();
  return request.userId;
}

/** The signed-in user and the session of the request, on a route guarded by the authenticate hook. */
export function signedInOf(request: FastifyRequest): { userId: string; sessionId: string } {
  if (!request.userId || !request.sessionId) throw unauthenticated();
  return { userId: request.userId, sessionId: request.sessionId };
}
