import { invitationLifetimeDays, type Language } from "@timetrap/domain";
import { linkEmail } from "./link-email.js";
import type { Mail } from "./mailer.js";

export interface InvitationEmailOptions {
  to: string;
  nominative: string;
  inviter: string;
  organization: string;
  /** The organization's language: the invited person has not chosen one yet. */
  language: Language;
  link: string;
}

interface Texts {
  subject: (organization: string) => string;
  greeting: (name: string) => string;
  invited: (inviter: string, organization: string) => string;
  accept: string;
  ignore: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (organization) => `You are invited to ${organization} on Timetrap`,
    greeting: (name) => `Hello ${name},`,
    invited: (inviter, organization) => `${inviter} has invited you to join ${organization} on Timetrap.`,
    accept: `Open this link within ${invitationLifetimeDays} days to accept or decline the invitation:`,
    ignore: "If you were not expecting this invitation, you can ignore this e-mail.",
  },
  it: {
    subject: (organization) => `Sei invitato in ${organization} su Timetrap`,
    greeting: (name) => `Ciao ${name},`,
    invited: (inviter, organization) => `${inviter} ti ha invitato a unirti a ${organization} su Timetrap.`,
    accept: `Apri questo link entro ${invitationLifetimeDays} giorni per accettare o rifiutare l'invito:`,
    ignore: "Se non aspettavi questo invito, puoi ignorare questa e-mail.",
  },
};

/** `appUrl` has no trailing slash and may carry a path, when the app is served below one. */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/invitation?${new URLSearchParams({ token })}`;
}

/** Nothing changes for the person until they open the link and accept (decision 008). */
export function invitationEmail(options: InvitationEmailOptions): Mail {
  const t = texts[options.language];
  return linkEmail({
    to: options.to,
    subject: t.subject(options.organization),
    paragraphs: [t.greeting(options.nominative), t.invited(options.inviter, options.organization), t.accept],
    link: options.link,
    closing: t.ignore,
  });
}
