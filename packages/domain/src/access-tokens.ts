import { z } from "zod";

/**
 * Personal access tokens (issue 19, decision 024): a token a person makes for a script, sent as `Authorization: Bearer`
 * like a session's, acting as its person with their role and never more.
 */

/** Every token begins with this, so that a secret scanner finds a leaked one. */
export const accessTokenPrefix = "tt_pat_";
/** The random part: 32 bytes in base64url. */
const accessTokenPattern = /^tt_pat_[A-Za-z0-9_-]{43}$/;
/** How many characters of the random part a list shows, to tell tokens apart. */
export const accessTokenHintLength = 4;

export const accessTokenScopes = ["read", "write"] as const;
export type AccessTokenScope = (typeof accessTokenScopes)[number];

/** The lifetimes a token may have, in days; null: it does not expire. */
export const accessTokenLifetimes = [30, 90, 365, null] as const;
export type AccessTokenLifetime = (typeof accessTokenLifetimes)[number];

/** How many tokens one person may hold at once. */
export const accessTokensPerUser = 50;
export const accessTokenNameMaxLength = 100;

const dayMs = 24 * 60 * 60_000;

/** Whether `text` has the shape of a personal access token (and not of a session's). */
export function isAccessTokenShaped(text: string): boolean {
  return accessTokenPattern.test(text);
}

/** The end of a token made at `createdAt` with `lifetime`, or null when it does not expire. */
export function accessTokenExpiresAt(createdAt: number, lifetime: AccessTokenLifetime): number | null {
  return lifetime === null ? null : createdAt + lifetime * dayMs;
}

export function isAccessTokenLive(expiresAt: number | null, now: number): boolean {
  return expiresAt === null || now < expiresAt;
}

/** The methods that only read. */
const readMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a token of `scope` may make a call with `method`: a read-only token only reads. */
export function accessTokenAllows(scope: AccessTokenScope, method: string): boolean {
  return scope === "write" || readMethods.has(method.toUpperCase());
}

/** What a list shows of a token: its prefix and the first characters of its random part. */
export function accessTokenHint(token: string): string {
  return `${token.slice(0, accessTokenPrefix.length + accessTokenHintLength)}…`;
}

export const createAccessTokenSchema = z
  .object({
    name: z
      .string({ message: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(accessTokenNameMaxLength, `The name is at most ${accessTokenNameMaxLength} characters`),
    expires_in_days: z
      .union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
        message: "expires_in_days must be 30, 90, 365 or null (no expiry)",
      })
      .meta({
        description: "Days until the token stops working: 30, 90 or 365; null for a token that does not expire.",
      }),
    scope: z
      .enum(accessTokenScopes, { message: 'scope must be "read" or "write"' })
      .meta({ description: "`read`: the token may only read (GET); `write`: it may also change what its person may." }),
  })
  .strict();
export type CreateAccessToken = z.infer<typeof createAccessTokenSchema>;

export const accessTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(accessTokenScopes),
  /** `tt_pat_` and the first characters of the token, to recognise it. */
  hint: z.string(),
  /** Epoch milliseconds. */
  created_at: z.number(),
  /** Epoch milliseconds; null: it does not expire. */
  expires_at: z.number().nullable(),
  /** Epoch milliseconds of the last call made with it; null: never used. */
  last_used_at: z.number().nullable(),
  /** How many calls were made with it. */
  use_count: z.number().int(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;
export const accessTokenListSchema = z.array(accessTokenSchema);

/** The answer to its creation: the only time the token itself is shown. */
export const createdAccessTokenSchema = accessTokenSchema.extend({
  token: z.string().meta({ description: "The token. It is shown this once: only a hash of it is kept." }),
});
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

/** A token as an organization's admin sees it: whose it is. */
export const organizationAccessTokenSchema = accessTokenSchema.extend({
  user_id: z.uuid(),
  nominative: z.string(),
});
export type OrganizationAccessToken = z.infer<typeof organizationAccessTokenSchema>;
export const organizationAccessTokenListSchema = z.array(organizationAccessTokenSchema);

export const accessTokenParamsSchema = z.object({ id: z.uuid({ message: "Token id must be a UUID" }) });
