import { passwordMaxLength, passwordMinLength } from "@timetrap/domain";
import type { PasswordOwner, PasswordScore } from "@timetrap/domain/password-strength";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

type Meter = typeof import("@timetrap/domain/password-strength");

export type PasswordStrengthState =
  | { state: "empty" }
  | { state: "loading" }
  /** The meter could not be loaded: the server still checks the rule, so the form only checks the length. */
  | { state: "unavailable"; acceptable: boolean }
  | { state: "ready"; score: PasswordScore; acceptable: boolean; reason: string | null };

let loading: Promise<Meter> | undefined;
/** The meter carries megabytes of dictionaries: fetched once, by the screens where a password is chosen. */
function loadMeter(): Promise<Meter> {
  loading ??= import("@timetrap/domain/password-strength").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** How strong `password` is for its owner, by the rule the server applies (decision 010), in the interface's language. */
export function usePasswordStrength(password: string, owner: PasswordOwner): PasswordStrengthState {
  const { i18n } = useTranslation();
  const [meter, setMeter] = useState<Meter | "unavailable" | null>(null);
  // Fetched once the person starts typing a password (decision 010): a visit that never does costs no dictionaries.
  const typing = password !== "";
  useEffect(() => {
    if (!typing) return;
    let live = true;
    loadMeter().then(
      (loaded) => live && setMeter(loaded),
      () => live && setMeter("unavailable"),
    );
    return () => {
      live = false;
    };
  }, [typing]);

  const { email, nominative } = owner;
  const language = i18n.resolvedLanguage === "en" ? "en" : "it";
  return useMemo((): PasswordStrengthState => {
    if (password === "") return { state: "empty" };
    // The length part of the rule (passwordSchema's), by its constants: zod is no part of the sign-up screen.
    const longEnough = password.length >= passwordMinLength && password.length <= passwordMaxLength;
    if (meter === null) return { state: "loading" };
    if (meter === "unavailable") return { state: "unavailable", acceptable: longEnough };
    const strength = meter.passwordStrength(password, { email, nominative });
    return {
      state: "ready",
      score: strength.score,
      acceptable: longEnough && strength.acceptable,
      reason: meter.passwordWeaknessReason(strength, language),
    };
  }, [meter, password, email, nominative, language]);
}
