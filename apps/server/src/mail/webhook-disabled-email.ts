import type { Language } from "@timetrap/domain";
import { linkEmail } from "./link-email.js";
import type { Mail } from "./mailer.js";

export interface WebhookDisabledEmailOptions {
  to: string;
  nominative: string;
  organization: string;
  url: string;
  /** Since when every delivery has failed. */
  failingSince: Date;
  /** The organization's language. */
  language: Language;
  /** The organization's webhooks page. */
  link: string;
}

interface Texts {
  subject: (organization: string) => string;
  greeting: (name: string) => string;
  disabled: (url: string, since: string) => string;
  kept: string;
  open: string;
  closing: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (organization) => `A webhook of ${organization} was disabled`,
    greeting: (name) => `Hello ${name},`,
    disabled: (url, since) =>
      `Every delivery to the webhook ${url} has failed since ${since} (UTC), so Timetrap has disabled it.`,
    kept: "Its delivery log shows each attempt's answer. Events that happen while it is disabled are not sent.",
    open: "Fix the receiver, send a test event and enable the webhook again on its page:",
    closing: "You receive this e-mail because you administer the organization on Timetrap.",
  },
  it: {
    subject: (organization) => `Un webhook di ${organization} è stato disattivato`,
    greeting: (name) => `Ciao ${name},`,
    disabled: (url, since) =>
      `Ogni invio al webhook ${url} non è riuscito dal ${since} (UTC), quindi Timetrap lo ha disattivato.`,
    kept: "Il suo registro degli invii mostra la risposta di ogni tentativo. Gli eventi avvenuti mentre è disattivato non vengono inviati.",
    open: "Correggi il destinatario, invia un evento di prova e riattiva il webhook dalla sua pagina:",
    closing: "Ricevi questa e-mail perché amministri l'organizzazione su Timetrap.",
  },
};

function utcText(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}

export function webhookDisabledEmail(options: WebhookDisabledEmailOptions): Mail {
  const t = texts[options.language];
  return linkEmail({
    to: options.to,
    subject: t.subject(options.organization),
    paragraphs: [
      t.greeting(options.nominative),
      t.disabled(options.url, utcText(options.failingSince)),
      t.kept,
      t.open,
    ],
    link: options.link,
    closing: t.closing,
  });
}
