import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import {
  type AuthResponse,
  isPasskeyCounterValid,
  knownPasskeyTransports,
  type Passkey,
  type PasskeyAuthenticationResponse,
  type PasskeyChallengePurpose,
  type PasskeyCreationOptions,
  type PasskeyRegistrationResponse,
  type PasskeyRequestOptions,
  passkeyChallengeExpiry,
  passkeyRelyingPartyName,
  passkeyUserVerification,
} from "@timetrap/domain";
import { isUniqueViolation } from "../../db/database.js";
import { AppError, notFound } from "../../http/app-error.js";
import type { RecordAccountEvent } from "../audit/account-events.js";
import type { AuthService } from "../auth/auth.service.js";
import { createSignInLimits, type SignInLimitSettings } from "../auth/sign-in-limits.js";
import type { LimitsService } from "../limits/limits.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { UsersService } from "../users/users.service.js";
import type { PasskeyRow, PasskeysRepository } from "./passkeys.repository.js";

export type PasskeysService = ReturnType<typeof createPasskeysService>;

/** Where the passkeys are bound: the relying party is the host of APP_URL, and only its origin may answer. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin };
}

const responseField = "body.response";

/** A refused WebAuthn answer: a 400 that names the response, with why. */
const refused = (message: string) => new AppError("BAD_REQUEST", message, [{ field: responseField, message }]);

const challengeGone = () =>
  refused("This passkey request has expired or was already used. Please start again from the beginning");

const inactiveAccount = () => new AppError("FORBIDDEN", "This account has been deactivated");

// Read through `Date` at each call, so that tests that set the clock move the challenges' times too.
const now = () => new Date();

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.getTime(),
    last_used_at: row.lastUsedAt?.getTime() ?? null,
    device_type: row.deviceType === "multiDevice" ? "multiDevice" : "singleDevice",
    backed_up: row.backedUp,
  };
}

const passkeyTarget = (row: PasskeyRow) => ({ type: "passkey", id: row.id, label: row.name });

/** The challenge the browser signed, read from its client data before anything else is checked. */
function challengeOf(clientDataJSON: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
  } catch {
    throw refused("The passkey's client data is not valid JSON");
  }
  const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
  if (typeof challenge !== "string" || challenge === "" || challenge.length > 512) {
    throw refused("The passkey's client data carries no challenge");
  }
  return challenge;
}

/** The library's reason a response fails (origin, RP id, signature, flags), as the 400's message. */
function verificationFailed(error: unknown): AppError {
  const reason = error instanceof Error ? error.message : "unknown reason";
  return refused(`The passkey's answer could not be verified: ${reason}`);
}

export function createPasskeysService({
  repository,
  users,
  auth,
  limits,
  settings,
  recordAccountEvent,
  sessions,
}: {
  repository: PasskeysRepository;
  /** A first passkey is a second factor: a session kept for enrolling becomes a full one (decision 018). */
  sessions: Pick<SessionsService, "liftEnrolmentRequirement">;
  users: Pick<UsersService, "findAccountById">;
  recordAccountEvent: RecordAccountEvent;
  auth: Pick<AuthService, "signInAs">;
  limits: LimitsService;
  settings: SignInLimitSettings & { appUrl: string };
}) {
  const rp = relyingPartyOf(settings.appUrl);
  const signInLimits = createSignInLimits({ limits, settings });

  async function storeChallenge(purpose: PasskeyChallengePurpose, userId: string | null, challenge: string, at: Date) {
    await repository.insertChallenge({
      userId,
      purpose,
      challenge,
      createdAt: at,
      expiresAt: new Date(passkeyChallengeExpiry(at.getTime())),
    });
  }

  /** Takes the challenge the response signed, whatever happens next: every attempt uses it up. */
  async function takeChallenge(clientDataJSON: string, purpose: PasskeyChallengePurpose, userId: string | null) {
    const challenge = challengeOf(clientDataJSON);
    const taken = await repository.takeChallenge({ challenge, purpose, userId });
    if (!taken || taken.expiresAt.getTime() <= now().getTime()) throw challengeGone();
    return { challenge, taken };
  }

  async function requestOptions(
    purpose: Exclude<PasskeyChallengePurpose, "passkey-register">,
    userId: string | null,
    allowed: PasskeyRow[],
    at: Date,
  ): Promise<PasskeyRequestOptions> {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: allowed.map((row) => ({
        id: row.credentialId,
        transports: knownPasskeyTransports(row.transports),
      })),
      userVerification: passkeyUserVerification[purpose],
    });
    await storeChallenge(purpose, userId, options.challenge, at);
    return options as PasskeyRequestOptions;
  }

  /**
   * Checks an assertion against a stored passkey and records the use. The library is handed a counter of 0 so that it
   * checks the signature first and never judges the counter itself; the counter rule is the domain's, applied after,
   * and the update moves the counter only from the value read, so two uses at once cannot both pass.
   */
  async function verifyAssertion(
    row: PasskeyRow,
    response: PasskeyAuthenticationResponse,
    challenge: string,
    purpose: Exclude<PasskeyChallengePurpose, "passkey-register">,
  ): Promise<void> {
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: { id: row.credentialId, publicKey: isoBase64URL.toBuffer(row.publicKey), counter: 0 },
        requireUserVerification: passkeyUserVerification[purpose] === "required",
      });
    } catch (error) {
      throw verificationFailed(error);
    }
    if (!verified.verified) throw refused("The passkey's signature does not match");
    const { newCounter, credentialBackedUp } = verified.authenticationInfo;
    if (!isPasskeyCounterValid({ stored: row.counter, received: newCounter })) {
      throw refused("This passkey's signature counter went back: the passkey may have been copied. Please remove it");
    }
    const recorded = await repository.recordUse({
      id: row.id,
      seenCounter: row.counter,
      counter: newCounter,
      backedUp: credentialBackedUp,
      at: now(),
    });
    if (!recorded) throw refused("This passkey was used by another request at the same moment. Please try again");
  }

  return {
    async listPasskeys({ userId }: { userId: string }): Promise<Passkey[]> {
      return (await repository.listOf(userId)).map(toPasskey);
    },

    /** Whether the person has at least one passkey (the users list and the two-factor requirement ask). */
    hasPasskey({ userId }: { userId: string }): Promise<boolean> {
      return repository.hasAny(userId);
    },

    /**
     * The options to make a passkey that can sign in alone (a discoverable credential), never one of the person's
     * existing ones again.
     */
    async registrationOptions({ userId }: { userId: string }): Promise<PasskeyCreationOptions> {
      const account = await users.findAccountById({ userId });
      if (!account) throw notFound("User");
      const existing = await repository.listOf(userId);
      const options = await generateRegistrationOptions({
        rpName: passkeyRelyingPartyName,
        rpID: rp.id,
        // The user handle a discoverable passkey gives back at sign-in: the account's id, checked against the passkey's.
        userID: isoUint8Array.fromUTF8String(account.id),
        userName: account.email,
        userDisplayName: account.nominative,
        attestationType: "none",
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: knownPasskeyTransports(row.transports),
        })),
        authenticatorSelection: {
          residentKey: "required",
          requireResidentKey: true,
          userVerification: passkeyUserVerification["passkey-register"],
        },
      });
      await storeChallenge("passkey-register", userId, options.challenge, now());
      return options as PasskeyCreationOptions;
    },

    async registerPasskey({
      userId,
      name,
      response,
      client,
    }: {
      userId: string;
      name: string;
      response: PasskeyRegistrationResponse;
      client: SessionClient;
    }): Promise<Passkey> {
      const { challenge } = await takeChallenge(response.response.clientDataJSON, "passkey-register", userId);
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: passkeyUserVerification["passkey-register"] === "required",
        });
      } catch (error) {
        throw verificationFailed(error);
      }
      if (!verified.verified) throw refused("The new passkey could not be verified");
      const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
      try {
        const row = await repository.insert({
          userId,
          name,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: knownPasskeyTransports(response.response.transports ?? []),
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
        });
        await sessions.liftEnrolmentRequirement({ userId });
        await recordAccountEvent({ kind: "passkey.added", userId, client, target: passkeyTarget(row) });
        return toPasskey(row);
      } catch (error) {
        if (isUniqueViolation(error, "passkeys_credential_id_unique")) {
          throw new AppError("CONFLICT", "This passkey is already registered");
        }
        throw error;
      }
    },

    async renamePasskey({
      userId,
      id,
      name,
      client,
    }: {
      userId: string;
      id: string;
      name: string;
      client: SessionClient;
    }): Promise<Passkey> {
      const renamed = await repository.rename(userId, id, name);
      if (!renamed) throw notFound("Passkey");
      const { row, previousName } = renamed;
      if (previousName !== row.name) {
        const change = { kind: "passkey.renamed", userId, client, target: passkeyTarget(row) } as const;
        await recordAccountEvent({ ...change, before: { name: previousName }, after: { name: row.name } });
      }
      return toPasskey(row);
    },

    /** Another person's passkey id is not found, as an unknown one. */
    async removePasskey({ userId, id, client }: { userId: string; id: string; client: SessionClient }): Promise<void> {
      const row = await repository.delete(userId, id);
      if (!row) throw notFound("Passkey");
      await recordAccountEvent({ kind: "passkey.removed", userId, client, target: passkeyTarget(row) });
    },

    /**
     * Options for a sign-in by passkey alone: nobody is known yet, so no credential is named and the browser offers
     * the passkeys it holds for this site. Counted under the client address's sign-in limit (decision 010): an
     * abandoned ceremony costs an attempt, a successful one gives it back.
     */
    async signInOptions({ client }: { client: SessionClient }): Promise<PasskeyRequestOptions> {
      const at = now();
      await signInLimits.admitFromClient({ ip: client.ip, at });
      return requestOptions("passkey-sign-in", null, [], at);
    },

    /** Signs in the person whose passkey signed the challenge, answering as a password sign-in does. */
    async signIn({
      response,
      client,
    }: {
      response: PasskeyAuthenticationResponse;
      client: SessionClient;
    }): Promise<AuthResponse> {
      // Counted before anything is checked: a failure of any kind stays counted.
      const attempt = await signInLimits.admitFromClient({ ip: client.ip });
      const { challenge, taken } = await takeChallenge(response.response.clientDataJSON, "passkey-sign-in", null);
      const row = await repository.findByCredentialId(response.id);
      if (!row) throw refused("This passkey is not registered with Timetrap");
      const { userHandle } = response.response;
      // Decoded by Buffer, which never throws: the schema lets through base64url of any length.
      if (userHandle !== undefined && Buffer.from(userHandle, "base64url").toString("utf8") !== row.userId) {
        throw refused("This passkey's user does not match its account");
      }
      await verifyAssertion(row, response, challenge, "passkey-sign-in");
      const account = await users.findAccountById({ userId: row.userId });
      if (!account) throw refused("This passkey is not registered with Timetrap");
      // As for a right password: a deactivated account's passkey stays counted.
      if (account.status === "inactive") throw inactiveAccount();
      await attempt.succeeded();
      await signInLimits.takeBackFromClient({ ip: client.ip, at: taken.createdAt });
      return auth.signInAs({ account, client });
    },

    /** Options for a passkey as the second factor after a password: only that person's passkeys are offered. */
    async secondFactorOptions({ userId }: { userId: string }): Promise<PasskeyRequestOptions> {
      const own = await repository.listOf(userId);
      if (own.length === 0) throw new AppError("BAD_REQUEST", "This account has no passkey");
      return requestOptions("passkey-second-factor", userId, own, now());
    },

    /**
     * Checks a passkey as the second factor of that person's sign-in; the caller opens the session. A passkey of
     * another account is refused, as is a challenge made for anyone else.
     */
    async verifySecondFactor({
      userId,
      response,
    }: {
      userId: string;
      response: PasskeyAuthenticationResponse;
    }): Promise<void> {
      const { challenge } = await takeChallenge(response.response.clientDataJSON, "passkey-second-factor", userId);
      const row = await repository.findByCredentialId(response.id);
      if (!row || row.userId !== userId) throw refused("This passkey does not belong to this account");
      await verifyAssertion(row, response, challenge, "passkey-second-factor");
    },
  };
}
