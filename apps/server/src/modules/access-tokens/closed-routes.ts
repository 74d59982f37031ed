/**
 * What a personal access token may not call (decision 024): the calls that manage access itself (tokens, sessions and
 * signing out, two-factor sign-in, passkeys, and an organization's list of tokens). A script that holds a token can
 * do what its person does with data, but cannot make itself another token, keep itself alive past a revocation or
 * weaken the account's sign-in. These answer 403 to a token; a signed-in session reaches them as before.
 */
export function routesClosedToAccessTokens(apiPrefix: string): (url: string) => boolean {
  const prefixes = [
    "/auth/tokens",
    "/auth/sessions",
    "/auth/logout",
    "/auth/totp",
    "/auth/passkeys",
    "/organization/:orgId/access-tokens",
  ].map((path) => `${apiPrefix}${path}`);
  return (url) => prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}
