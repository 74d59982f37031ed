import { emailVerificationLifetimeHours, type Language } from "@timetrap/domain";
import { linkEmail } from "./link-email.js";
import type { Mail } from "./mailer.js";

const texts: Record<Language, { subject: string; greeting: (name: string) => string; body: string; ignore: string }> = {
  en: {
    subject: "Confirm your e-mail address for Timetrap",
    greeting: (name) => `Hello ${name},`,
    body: `please confirm that this is your e-mail address by opening this link within ${emailVerificationLifetimeHours} hours:`,
    ignore: "If you did not create a Timetrap account, you can ignore this e-mail.",
  },
  it: {
    subject: "Conferma il tuo indirizzo e-mail per Timetrap",
    greeting: (name) => `Ciao ${name},`,
    body: `conferma che questo è il tuo indirizzo e-mail aprendo questo link entro ${emailVerificationLifetimeHours} ore:`,
    ignore: "Se non hai creato un account Timetrap, puoi ignorare questa e-mail.",
  },
};

/** `appUrl` has no trailing slash and may carry a path, when the app is served below one. */
export function verificationLink(appUrl: string, token: string): string {
  return `${appUrl}/verify-email?${new URLSearchParams({ token })}`;
}

/** In the account's language: the person chose it when signing up. */
export function verificationEmail(options: { to: string; nominative: string; language: Language; link: string }): Mail {
  const t = texts[options.language];
  return linkEmail({
    to: options.to,
    subject: t.subject,
    paragraphs: [t.greeting(options.nominative), t.body],
    link: options.link,
    closing: t.ignore,
  });
}
