import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { passkeyFailureOf } from "./passkey-failure";

const domError = (name: string) => new DOMException("The operation either timed out or was not allowed.", name);
const libraryError = (code: string, name: string) => Object.assign(new Error("ceremony failed"), { code, name });

describe("passkeyFailureOf", () => {
  it.each([
    ["a dialog the person closed", domError("NotAllowedError"), "cancelled"],
    ["an aborted ceremony", libraryError("ERROR_CEREMONY_ABORTED", "AbortError"), "cancelled"],
    [
      "a passkey this device already holds",
      libraryError("ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED", "InvalidStateError"),
      "alreadyRegistered",
    ],
    ["a device without passkeys", domError("NotSupportedError"), "unsupported"],
    [
      "an authenticator that cannot verify the person",
      libraryError("ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT", "ConstraintError"),
      "unsupported",
    ],
    ["a page on another address", libraryError("ERROR_INVALID_RP_ID", "SecurityError"), "wrongSite"],
    [
      "the server's refusal",
      new ApiError({ status: 400, statusText: "Bad Request", code: "BAD_REQUEST", ErrorMessage: "expired" }),
      "refused",
    ],
    ["anything else", new Error("boom"), "unknown"],
    ["a thrown string", "boom", "unknown"],
  ])("%s", (_, error, failure) => {
    expect(passkeyFailureOf(error)).toBe(failure);
  });
});
