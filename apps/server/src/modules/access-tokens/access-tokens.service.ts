import { createHash, randomBytes } from "node:crypto";
import {
  type AccessToken,
  type AccessTokenScope,
  accessTokenAllows,
  accessTokenExpiresAt,
  accessTokenHint,
  accessTokenPrefix,
  accessTokensPerUser,
  type CreateAccessToken,
  type CreatedAccessToken,
  lacksRequiredSecondFactor,
  type OrganizationAccessToken,
} from "@timetrap/domain";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { RequestAccount } from "../../http/authenticate.js";
import type { AuditService } from "../audit/audit.service.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { TwoFactorService } from "../two-factor/two-factor.service.js";
import {
  type AccessTokenRow,
  type AccessTokensRepository,
  type OrganizationAccessTokenRow,
  TooManyAccessTokensError,
} from "./access-tokens.repository.js";

export type AccessTokensService = ReturnType<typeof createAccessTokensService>;

/** The token's hash as stored: tokens are 32 random bytes, so SHA-256 alone makes the stored hash useless to a thief. */
export const hashAccessToken = (token: string) => createHash("sha256").update(token).digest("hex");

const epoch = (date: Date | null) => (date ? date.getTime() : null);

function toAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as AccessTokenScope,
    hint: row.hint,
    created_at: row.createdAt.getTime(),
    expires_at: epoch(row.expiresAt),
    last_used_at: epoch(row.lastUsedAt),
    use_count: row.useCount,
  };
}

const tokenTarget = (row: AccessTokenRow) => ({ type: "access_token", id: row.id, label: row.name });

const invalidToken = () =>
  new AppError("UNAUTHENTICATED", "This access token is not valid: it was revoked or it expired");

/** What a call made with a token acts as: its person, with their organization and preferences, and the token. */
export interface AccessTokenCaller {
  userId: string;
  tokenId: string;
  scope: AccessTokenScope;
  account: RequestAccount;
}

export function createAccessTokensService({
  repository,
  organizations,
  twoFactor,
  audit,
  now = () => Date.now(),
}: {
  repository: AccessTokensRepository;
  organizations: Pick<OrganizationsService, "authorize" | "findMembership">;
  twoFactor: Pick<TwoFactorService, "secondFactorMethods">;
  audit: Pick<AuditService, "record">;
  now?: () => number;
}) {
  /** The person's organization requires a second factor and they have none: no token may act for them. */
  async function lacksSecondFactor(userId: string): Promise<boolean> {
    const membership = await organizations.findMembership({ userId });
    if (!membership?.organization.require_two_factor) return false;
    return lacksRequiredSecondFactor(true, (await twoFactor.secondFactorMethods({ userId })).length);
  }

  return {
    /**
     * The person and token a call's bearer token names, counting the use, while the token lives, its person is active
     * and, where their organization requires a second factor, has one; anything else is 401 (403 for the missing second
     * factor, which the person can fix). A read-only token making a change is 403.
     */
    async verifyAccessToken({ token, method }: { token: string; method: string }): Promise<AccessTokenCaller> {
      const state = await repository.use(hashAccessToken(token), new Date(now()));
      if (!state || state.status === "inactive") throw invalidToken();
      if (lacksRequiredSecondFactor(state.second_factor_required, state.second_factors)) {
        throw forbidden(
          "Your organization requires two-factor sign-in: set up an authenticator app or a passkey to use access tokens",
        );
      }
      if (!accessTokenAllows(state.scope, method)) {
        throw forbidden("This access token may only read: make a read and write token to change data");
      }
      return {
        userId: state.user_id,
        tokenId: state.id,
        scope: state.scope,
        account: { organizationId: state.organization_id, preferences: state.preferences, enrolmentRequired: false },
      };
    },

    async listTokens({ userId }: { userId: string }): Promise<AccessToken[]> {
      return (await repository.listOf(userId)).map(toAccessToken);
    },

    /** A new token, answered with the token itself this once; only its hash is kept. */
    async createToken({
      userId,
      organizationId,
      input,
      client,
    }: {
      userId: string;
      organizationId: string | null;
      input: CreateAccessToken;
      client: SessionClient;
    }): Promise<CreatedAccessToken> {
      if (await lacksSecondFactor(userId)) {
        throw forbidden(
          "Your organization requires two-factor sign-in: set up an authenticator app or a passkey before making a token",
        );
      }
      const token = `${accessTokenPrefix}${randomBytes(32).toString("base64url")}`;
      const at = now();
      const expiresAt = accessTokenExpiresAt(at, input.expires_in_days);
      try {
        const row = await repository.insert(
          {
            userId,
            name: input.name,
            scope: input.scope,
            tokenHash: hashAccessToken(token),
            hint: accessTokenHint(token),
            createdAt: new Date(at),
            expiresAt: expiresAt === null ? null : new Date(expiresAt),
          },
          accessTokensPerUser,
          (created, tx) =>
            audit.record({
              kind: "access_token.created",
              organizationId,
              actorId: userId,
              userId,
              target: tokenTarget(created),
              after: { name: created.name, scope: created.scope, expires_at: epoch(created.expiresAt) },
              client,
              tx,
            }),
        );
        return { ...toAccessToken(row), token };
      } catch (error) {
        if (error instanceof TooManyAccessTokensError) {
          throw new AppError(
            "CONFLICT",
            `You hold ${accessTokensPerUser} access tokens, the most one person may: revoke one you no longer use first`,
          );
        }
        throw error;
      }
    },

    /** Revokes one of the person's tokens at once; another person's token id is not found. */
    async revokeToken({
      userId,
      organizationId,
      id,
      client,
    }: {
      userId: string;
      organizationId: string | null;
      id: string;
      client: SessionClient;
    }): Promise<void> {
      const row = await repository.deleteOf(userId, id);
      if (!row) throw notFound("Access token");
      await audit.record({
        kind: "access_token.revoked",
        organizationId,
        actorId: userId,
        userId,
        target: tokenTarget(row),
        client,
      });
    },

    /** Every token of the organization's members, to whoever may edit the organization. */
    async listOrganizationTokens({
      actorId,
      organizationId,
    }: {
      actorId: string;
      organizationId: string;
    }): Promise<OrganizationAccessToken[]> {
      await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "organization" } });
      return (await repository.listOfOrganization(organizationId)).map((row: OrganizationAccessTokenRow) => ({
        ...toAccessToken(row),
        user_id: row.userId,
        nominative: row.nominative,
      }));
    },

    /** Revokes a member's token, by whoever may edit the organization; the log names both. */
    async revokeOrganizationToken({
      actorId,
      organizationId,
      id,
      client,
    }: {
      actorId: string;
      organizationId: string;
      id: string;
      client: SessionClient;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "organization" } });
      const row = await repository.deleteInOrganization(organizationId, id);
      if (!row) throw notFound("Access token");
      await audit.record({
        kind: "access_token.revoked",
        organizationId,
        actorId,
        userId: row.userId,
        target: tokenTarget(row),
        client,
      });
    },
  };
}
