export interface ReceivedMail {
  from: string;
  /** Envelope recipients, lower-case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The http(s) links in the plain-text body, in order. */
  links: string[];
  raw: string;
  receivedAt: number;
  taken: boolean;
}

export interface FakeSmtpServer {
  /** smtp://127.0.0.1:<port>, to use as SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  waitForMessage(to: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

export declare function startSmtpServer(options?: { port?: number }): Promise<FakeSmtpServer>;
