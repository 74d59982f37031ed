/** The length part of the password rule (auth.ts `passwordSchema`), apart from it so that it needs no zod. */
export const passwordMinLength = 8;
/** argon2 hashes any length, but an unbounded password is a cheap way to burn CPU. */
export const passwordMaxLength = 256;
