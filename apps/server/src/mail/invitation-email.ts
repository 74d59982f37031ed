import { invitationLifetimeDays, type Language } from "@timetrap/domain";
import { escapeHtml } from "./escape-html.js";
import type { Mail } from "./mailer.js";

export interface InvitationEmailOptions {
  to: string;
  nominative: string;
  inviter: string;
  organization: string;
  /** The organization's language: the invited person has not chosen one yet. */
  language: Language;
  /**
   * `set-password`: a new (or still invited) account, the link lets them choose a password.
   * `sign-in`: an existing account joins with its own password, the link opens the sign-in page.
   */
  kind: "set-password" | "sign-in";
  link: string;
}

interface Texts {
  subject: (organization: string) => string;
  greeting: (name: string) => string;
  invited: (inviter: string, organization: string) => string;
  setPassword: string;
  signIn: string;
  ignore: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (organization) => `You are invited to ${organization} on Timetrap`,
    greeting: (name) => `Hello ${name},`,
    invited: (inviter, organization) => `${inviter} has invited you to join ${organization} on Timetrap.`,
    setPassword: `Open this link within ${invitationLifetimeDays} days to choose your password and start:`,
    signIn: "Sign in with your Timetrap account to start:",
    ignore: "If you were not expecting this invitation, you can ignore this e-mail.",
  },
  it: {
    subject: (organization) => `Sei invitato in ${organization} su Timetrap`,
    greeting: (name) => `Ciao ${name},`,
    invited: (inviter, organization) => `${inviter} ti ha invitato a unirti a ${organization} su Timetrap.`,
    setPassword: `Apri questo link entro ${invitationLifetimeDays} giorni per scegliere la tua password e iniziare:`,
    signIn: "Accedi con il tuo account Timetrap per iniziare:",
    ignore: "Se non aspettavi questo invito, puoi ignorare questa e-mail.",
  },
};

export function invitationEmail(options: InvitationEmailOptions): Mail {
  const t = texts[options.language];
  const action = options.kind === "set-password" ? t.setPassword : t.signIn;
  const paragraphs = [t.greeting(options.nominative), t.invited(options.inviter, options.organization), action];
  const text = [...paragraphs.flatMap((p) => [p, ""]).slice(0, -1), options.link, "", t.ignore, ""].join("\n");
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
  ].join("\n");
  return { to: options.to, subject: t.subject(options.organization), text, html };
}
