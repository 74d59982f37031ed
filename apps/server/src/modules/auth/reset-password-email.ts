import { type Language, resetTokenLifetimeMinutes } from "@timetrap/domain";
import { linkEmail } from "../../mail/link-email.js";
import type { Mail } from "../../mail/mailer.js";

const texts: Record<Language, { subject: string; greeting: (name: string) => string; body: string; ignore: string }> = {
  en: {
    subject: "Reset your Timetrap password",
    greeting: (name) => `Hello ${name},`,
    body: `someone asked to reset the password of your Timetrap account. Open this link within ${resetTokenLifetimeMinutes} minutes to choose a new one:`,
    ignore: "If it was not you, ignore this e-mail: your password stays as it is.",
  },
  it: {
    subject: "Reimposta la password di Timetrap",
    greeting: (name) => `Ciao ${name},`,
    body: `è stato chiesto di reimpostare la password del tuo account Timetrap. Apri questo link entro ${resetTokenLifetimeMinutes} minuti per sceglierne una nuova:`,
    ignore: "Se non sei stato tu, ignora questa e-mail: la tua password resta invariata.",
  },
};

/** `appUrl` has no trailing slash and may carry a path, when the app is served below one. */
export function resetPasswordLink(appUrl: string, email: string, token: string): string {
  return `${appUrl}/change-password?${new URLSearchParams({ email, token })}`;
}

export function resetPasswordEmail(options: {
  to: string;
  nominative: string;
  language: Language;
  link: string;
}): Mail {
  const t = texts[options.language];
  return linkEmail({
    to: options.to,
    subject: t.subject,
    paragraphs: [t.greeting(options.nominative), t.body],
    link: options.link,
    closing: t.ignore,
  });
}
