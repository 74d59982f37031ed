import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Database } from "../db/database.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { openSecret, sealSecret } from "../modules/integrations/secret-box.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Queues the e-mail (decision 030): a job, written with `db` (a transaction, to commit the e-mail with the change
   * that causes it; the app's database otherwise), that a worker delivers and retries while the mail server fails.
   * The caller's answer never waits on (or reveals, through its timing) a slow mail server.
   */
  send(mail: Mail, db?: Database): Promise<void>;
}

/** The e-mail jobs' kind. */
export const emailJobKind = "email";
/** About 20 minutes of retries (10 s doubling, with jitter) before an e-mail is given up and logged as dead. */
const emailMaxAttempts = 8;
/** The e-mail's additional data when sealed: its links are as good as passwords until used. */
const mailAad = "mail";

type Deliver = (mail: Mail) => Promise<void>;

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  logger: FastifyBaseLogger;
  jobs: JobQueue;
  db: Database;
  /** Seals the queued e-mail at rest (the integrations key): a reset link in a database dump would be a way in. */
  key: Buffer;
}): Mailer {
  const { logger, jobs, key } = options;
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

  jobs.register(emailJobKind, {
    maxAttempts: emailMaxAttempts,
    leaseMs: 60_000,
    async run(job) {
      const mail = JSON.parse(openSecret(key, String(job.payload.sealed), mailAad)) as Mail;
      await deliver(mail);
    },
    async onDead(job, error) {
      const mail = JSON.parse(openSecret(key, String(job.payload.sealed), mailAad)) as Mail;
      logger.error({ err: error, to: mail.to, subject: mail.subject }, "e-mail delivery failed; given up");
    },
  });

  return {
    async send(mail, db = options.db) {
      await jobs.enqueue(db, {
        kind: emailJobKind,
        payload: { sealed: sealSecret(key, JSON.stringify(mail), mailAad) },
      });
    },
  };
}
