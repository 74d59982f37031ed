/**
 * Just enough MIME to read what nodemailer sends: headers (folded, RFC 2047 encoded words), multipart
 * bodies, and quoted-printable or base64 parts. Not a general mail parser.
 */

function splitHeadAndBody(raw) {
  const at = raw.search(/\r?\n\r?\n/);
  if (at === -1) return { head: raw, body: "" };
  const separator = raw.slice(at).match(/^\r?\n\r?\n/)?.[0] ?? "\n\n";
  return { head: raw.slice(0, at), body: raw.slice(at + separator.length) };
}

function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g, (_, _charset, encoding, text) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

export function parseHeaders(head) {
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

export function decodeQuotedPrintable(text) {
  const bytes = [];
  const source = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < source.length; i += 1) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body, encoding) {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function parameter(headerValue, name) {
  const match = new RegExp(`${name}="?([^";]+)"?`, "i").exec(headerValue ?? "");
  return match?.[1];
}

/** The leaf parts of a message: each with its content type and decoded text. */
function leafParts(raw) {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const type = (headers["content-type"] ?? "text/plain").split(";")[0].trim().toLowerCase();
  const boundary = parameter(headers["content-type"], "boundary");
  if (type.startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith("--"))
      .flatMap((section) => leafParts(section.replace(/^\r?\n/, "")));
  }
  return [{ type, content: decodeBody(body, headers["content-transfer-encoding"]).replace(/\r\n/g, "\n") }];
}

export function parseMessage(raw) {
  const headers = parseHeaders(splitHeadAndBody(raw).head);
  const parts = leafParts(raw);
  return {
    headers,
    subject: headers.subject ?? "",
    text: parts.find((p) => p.type === "text/plain")?.content.trimEnd() ?? "",
    html: parts.find((p) => p.type === "text/html")?.content.trimEnd() ?? "",
  };
}
