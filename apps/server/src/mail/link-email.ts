import { escapeHtml } from "./escape-html.js";
import type { Mail } from "./mailer.js";

/**
 * The shape of every e-mail that carries one link (password reset, e-mail verification, invitation): its paragraphs,
 * the link right under the last one, then a closing line, as plain text and as HTML with every text escaped.
 */
export function linkEmail(options: {
  to: string;
  subject: string;
  paragraphs: readonly string[];
  link: string;
  closing: string;
}): Mail {
  const { paragraphs, link, closing } = options;
  const text = [...paragraphs.flatMap((p) => [p, ""]).slice(0, -1), link, "", closing, ""].join("\n");
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(closing)}</p>`,
  ].join("\n");
  return { to: options.to, subject: options.subject, text, html };
}
