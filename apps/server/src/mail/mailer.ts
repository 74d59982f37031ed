import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Starts delivery and returns at once: the caller's answer must not wait on (or reveal, through its
   * timing) a slow mail server. Failures are logged.
   */
  dispatch(mail: Mail): void;
  /** Waits for every delivery started so far; called when the app closes. */
  drain(): Promise<void>;
}

type Deliver = (mail: Mail) => Promise<void>;

export function createMailer(options: { smtpUrl: string | null; from: string; logger: FastifyBaseLogger }): Mailer {
  const { logger } = options;
  let deliver: Deliver;
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // Loaded with the first e-mail rather than at start, which it would lengthen by a tenth of a second of CPU.
    let transport: Promise<Transporter> | undefined;
    deliver = async (mail) => {
      transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from: options.from, ...mail });
    };
  } else {
    // Development without a mail server: the message, link included, is readable in the log.
    deliver = async (mail) => {
      logger.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        "e-mail (SMTP_URL unset, not sent)",
      );
    };
  }
  const pending = new Set<Promise<void>>();
  return {
    dispatch(mail) {
      const delivery = deliver(mail)
        .catch((err: unknown) => logger.error({ err, to: mail.to, subject: mail.subject }, "e-mail delivery failed"))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}
