import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the authenticate hook on routes that need a session. */
    userId: string | null;
    /** The session the request's token names; set with `userId`. */
    sessionId: string | null;
  }
}

export type Authenticate = (request: FastifyRequest) => Promise<void>;

/** For the OpenAPI document of routes that need a session. */
export const bearerSecurity = [{ bearerAuth: [] }];

export const unauthenticated = () => new AppError("UNAUTHENTICATED", "Your session is not valid. Please sign in again");

export function registerAuthentication(
  app: FastifyInstance,
  verifySessionToken: (token: string) => Promise<{ userId: string; sessionId: string }>,
): Authenticate {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionId", null);
  return async (request) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
    if (!match?.[1]) throw unauthenticated();
    const { userId, sessionId } = await verifySessionToken(match[1]);
    request.userId = userId;
    request.sessionId = sessionId;
  };
}

/** The signed-in user's id, on a route guarded by the authenticate hook. */
export function actorIdOf(request: FastifyRequest): string {
  if (!request.userId) throw unauthenticated();
  return request.userId;
}

/** The signed-in user and the session of the request, on a route guarded by the authenticate hook. */
export function signedInOf(request: FastifyRequest): { userId: string; sessionId: string } {
  if (!request.userId || !request.sessionId) throw unauthenticated();
  return { userId: request.userId, sessionId: request.sessionId };
}
