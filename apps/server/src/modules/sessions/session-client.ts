import type { FastifyRequest } from "fastify";

/** Where a sign-in comes from: kept on its session so the person can recognise it in the list. */
export interface SessionClient {
  ip: string;
  userAgent: string;
}

export function sessionClientOf(request: FastifyRequest): SessionClient {
  return { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" };
}
