import { z } from "zod";

/** The relying party's name the browser shows beside the account while a passkey is made. */
export const passkeyRelyingPartyName = "Timetrap";

/** How long a WebAuthn challenge may be answered; an older one is void, and swept (decision 019). */
export const passkeyChallengeMinutes = 5;

/** What a stored challenge is for: each ceremony takes only its own kind, so one cannot stand in for another. */
export const passkeyChallengePurposes = ["passkey-register", "passkey-sign-in", "passkey-second-factor"] as const;
export type PasskeyChallengePurpose = (typeof passkeyChallengePurposes)[number];

/**
 * User verification (a PIN, a fingerprint) asked of the authenticator in each ceremony. A passkey alone replaces the
 * password, so it must prove who holds it, not only that it is there; after a password it is the second factor, where
 * presence is enough. Registering asks for it where the authenticator can.
 */
export const passkeyUserVerification: Readonly<Record<PasskeyChallengePurpose, "required" | "preferred">> = {
  "passkey-register": "preferred",
  "passkey-sign-in": "required",
  "passkey-second-factor": "preferred",
};

/** When a challenge made at `createdAt` (epoch milliseconds) stops being accepted. */
export function passkeyChallengeExpiry(createdAt: number): number {
  return createdAt + passkeyChallengeMinutes * 60_000;
}

/**
 * The signature counter rule (WebAuthn §6.1.1): an authenticator that keeps a counter must show a greater one at each
 * use. An equal or lower one means the credential was copied and the copy used (or a response is replayed). An
 * authenticator that keeps none (synced passkeys) sends 0 every time, and is never judged by it.
 */
export function isPasskeyCounterValid({ stored, received }: { stored: number; received: number }): boolean {
  if (stored === 0 && received === 0) return true;
  return received > stored;
}

export const passkeyNameMaxLength = 60;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(passkeyNameMaxLength, `Name must be at most ${passkeyNameMaxLength} characters`)
  .describe(`1 to ${passkeyNameMaxLength} characters, spaces around it trimmed`);

/** The ways an authenticator can be reached, as WebAuthn names them; others a browser may send are not kept. */
export const passkeyTransports = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
export type PasskeyTransport = (typeof passkeyTransports)[number];

export function knownPasskeyTransports(transports: readonly string[]): PasskeyTransport[] {
  return transports.filter((transport): transport is PasskeyTransport =>
    (passkeyTransports as readonly string[]).includes(transport),
  );
}

const base64url = (field: string, max: number) =>
  z
    .string()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} must be base64url`);

// Bounds well above what authenticators send (a credential id is at most 1,023 bytes, WebAuthn §5.8.3; attestation is
// "none", so the object holds little more than the authenticator data and key), so that no body costs much to check.
const credentialId = base64url("Credential id", 1400);
// A loose object rather than z.record: the same shape on the wire, without ZodRecord's code in the chunk of zod every
// page with a form loads (decision 016's budgets).
const clientExtensionResultsSchema = z.looseObject({}).describe("The browser's extension outputs, as it sends them");
const authenticatorAttachmentSchema = z.enum(["platform", "cross-platform"]);

/** What `@simplewebauthn/browser`'s `startRegistration` answers (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { message: 'type must be "public-key"' }),
  response: z.object({
    clientDataJSON: base64url("clientDataJSON", 4096),
    attestationObject: base64url("attestationObject", 16_384),
    authenticatorData: base64url("authenticatorData", 16_384).optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url("publicKey", 8192).optional(),
  }),
  authenticatorAttachment: authenticatorAttachmentSchema.optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** What `@simplewebauthn/browser`'s `startAuthentication` answers (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { message: 'type must be "public-key"' }),
  response: z.object({
    clientDataJSON: base64url("clientDataJSON", 4096),
    authenticatorData: base64url("authenticatorData", 16_384),
    signature: base64url("signature", 8192),
    userHandle: base64url("userHandle", 128).optional(),
  }),
  authenticatorAttachment: authenticatorAttachmentSchema.optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

export const registerPasskeyInputSchema = z.object({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});
export type RegisterPasskeyInput = z.infer<typeof registerPasskeyInputSchema>;

export const renamePasskeyInputSchema = z.object({ name: passkeyNameSchema });
export type RenamePasskeyInput = z.infer<typeof renamePasskeyInputSchema>;

export const passkeySignInInputSchema = z.object({ response: passkeyAuthenticationResponseSchema });
export type PasskeySignInInput = z.infer<typeof passkeySignInInputSchema>;

export const passkeyParamsSchema = z.object({ id: z.uuid({ message: "Passkey id must be a UUID" }) });

/** One of the signed-in person's passkeys (`GET auth/passkeys`); the key itself never leaves the server. */
export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Epoch milliseconds. */
  created_at: z.number(),
  /** Epoch milliseconds of the last sign-in with it; null before the first. */
  last_used_at: z.number().nullable(),
  /** `multiDevice`: synced between the person's devices (a password manager, a platform account); else this one. */
  device_type: z.enum(["singleDevice", "multiDevice"]),
  /** Whether the passkey is backed up now (only a synced one can be). */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.array(passkeySchema);

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal("public-key"),
  transports: z.array(z.enum(passkeyTransports)).optional(),
});
const userVerificationSchema = z.enum(["required", "preferred", "discouraged"]);
const hintsSchema = z.array(z.enum(["hybrid", "security-key", "client-device"])).optional();
const extensionInputsSchema = z.looseObject({}).optional();

/** The options `navigator.credentials.create` is called with (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ type: z.literal("public-key"), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: authenticatorAttachmentSchema.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      userVerification: userVerificationSchema.optional(),
    })
    .optional(),
  hints: hintsSchema,
  attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
  extensions: extensionInputsSchema,
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** The options `navigator.credentials.get` is called with (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: userVerificationSchema.optional(),
  hints: hintsSchema,
  extensions: extensionInputsSchema,
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;
