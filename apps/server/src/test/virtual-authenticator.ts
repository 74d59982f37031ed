import { createHash, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from "@timetrap/domain";

/** The relying party and origin the test app runs as (APP_URL http://timetrap.test in `useTestApp`). */
export const testRelyingParty = { id: "timetrap.test", origin: "http://timetrap.test" };

// Authenticator data flags (WebAuthn §6.1): user present, user verified, backup eligible, backed up, attested data.
const flagUserPresent = 0x01;
const flagUserVerified = 0x04;
const flagBackupEligible = 0x08;
const flagBackedUp = 0x10;
const flagAttestedData = 0x40;

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString("base64url");

/** A passkey the virtual authenticator holds: its key pair, its counter and the user handle it was made for. */
export interface VirtualCredential {
  id: string;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

/** What a ceremony may be told to get wrong, to test that the server refuses it. */
export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  /** The counter to sign with, instead of the next one. */
  counter?: number;
  userVerified?: boolean;
  /** Another challenge than the options', as a response to an older request would carry. */
  challenge?: string;
}

/**
 * A software authenticator (ES256, "none" attestation), enough to drive the server's WebAuthn ceremonies with real
 * data: it makes credentials from creation options and signs assertions for request options.
 */
export class VirtualAuthenticator {
  readonly credentials: VirtualCredential[] = [];

  constructor(
    /** An authenticator that keeps no signature counter sends 0 every time (synced passkeys do). */
    private readonly options: { keepsCounter?: boolean; synced?: boolean } = {},
  ) {}

  private flags(userVerified: boolean, withAttestedData: boolean): number {
    let flags = flagUserPresent;
    if (userVerified) flags |= flagUserVerified;
    if (this.options.synced) flags |= flagBackupEligible | flagBackedUp;
    if (withAttestedData) flags |= flagAttestedData;
    return flags;
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
  }

  /** Makes a new credential for the creation options, as `navigator.credentials.create` would answer. */
  register(
    options: PasskeyCreationOptions,
    overrides: CeremonyOverrides & { reuse?: VirtualCredential } = {},
  ): PasskeyRegistrationResponse {
    const { privateKey, publicKey } = overrides.reuse
      ? { privateKey: overrides.reuse.privateKey, publicKey: createPublicKey(overrides.reuse.privateKey) }
      : generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const credentialId = overrides.reuse ? Buffer.from(overrides.reuse.id, "base64url") : randomBytes(16);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? options.rp.id ?? testRelyingParty.id),
      Buffer.from([this.flags(overrides.userVerified ?? true, true)]),
      // A new credential has signed nothing yet.
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none given with "none" attestation
      length,
      credentialId,
      cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    const credential: VirtualCredential = {
      id: b64url(credentialId),
      privateKey,
      counter: 0,
      userHandle: options.user.id,
    };
    if (!overrides.reuse) this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(
          this.clientData(
            "webauthn.create",
            overrides.challenge ?? options.challenge,
            overrides.origin ?? testRelyingParty.origin,
          ),
        ),
        attestationObject: b64url(attestationObject),
        transports: ["internal", "hybrid"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /**
   * Signs the request options' challenge with a credential (the last one made unless another is given), as
   * `navigator.credentials.get` would answer. The counter moves on by one unless told otherwise.
   */
  assert(
    options: PasskeyRequestOptions,
    overrides: CeremonyOverrides & { credential?: VirtualCredential } = {},
  ): PasskeyAuthenticationResponse {
    const credential = overrides.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error("the virtual authenticator holds no credential");
    if (this.options.keepsCounter !== false) credential.counter += 1;
    const counter = overrides.counter ?? credential.counter;
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? options.rpId ?? testRelyingParty.id),
      Buffer.from([this.flags(overrides.userVerified ?? true, false)]),
      counterBytes(counter),
    ]);
    const clientDataJSON = this.clientData(
      "webauthn.get",
      overrides.challenge ?? options.challenge,
      overrides.origin ?? testRelyingParty.origin,
    );
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}
