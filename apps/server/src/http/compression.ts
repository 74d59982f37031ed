import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers at most this long leave as they are: compressing them saves less than it costs. */
export const compressionThresholdBytes = 1024;

/** The API's text answers: JSON, and the reports' CSV. Files (the web app) are compressed at build time instead. */
const compressibleType = /^(?:application\/(?:[\w.+-]+\+)?json|text\/csv)\b/i;

/**
 * The coding the client prefers among those the server writes (brotli, then gzip on a tie), or null for the answer as
 * it is. `*` stands for any coding, `q=0` refuses one.
 */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gz = weightOf("gzip");
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? "br" : "gzip";
}

async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
  if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader("content-encoding")) return payload;
  const type = reply.getHeader("content-type");
  if (typeof type !== "string" || !compressibleType.test(type)) return payload;
  // A string is at least as many bytes as characters: the byte count is needed only for short strings.
  const long = payload.length > compressionThresholdBytes || Buffer.byteLength(payload) > compressionThresholdBytes;
  if (!long) return payload;
  // Whether or not this client takes a compressed answer, a cache must not give this one to a client that differs.
  reply.header("vary", varyWithAcceptEncoding(reply.getHeader("vary")));
  const encoding = chooseEncoding(request.headers["accept-encoding"]);
  if (!encoding) return payload;
  reply.header("content-encoding", encoding);
  // Brotli at quality 4 is as quick as gzip's default level on the board's lists and a tenth smaller; the higher
  // qualities cost several times the time for a few percent.
  return encoding === "br"
    ? brotli(payload, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload) },
      })
    : gzipAsync(payload);
}

function varyWithAcceptEncoding(current: ReturnType<FastifyReply["getHeader"]>): string {
  const value = Array.isArray(current) ? current.join(", ") : current === undefined ? "" : String(current);
  const names = value
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes("accept-encoding") || names.includes("*")) return value;
  return value ? `${value}, accept-encoding` : "accept-encoding";
}

/**
 * Compresses the API's JSON and CSV answers longer than 1 KB for clients that accept brotli or gzip. The zlib work runs
 * on libuv's thread pool, so a long answer being compressed does not hold up the others.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook("onSend", compressAnswer);
}
