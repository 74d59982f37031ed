import type { FastifyInstance, HTTPMethods } from "fastify";
import FindMyWay, { type HTTPMethod } from "find-my-way";
import { errorBody } from "./error-handler.js";

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * A request to an API path that exists, with a method it does not take (TRACE, QUERY, a PUT where only PATCH is
 * served), answers 405 with `Allow` listing the methods it takes (RFC 9110 §15.5.6), not 404: the resource is there.
 * The routes are recorded as they are registered, in a router of the same kind as Fastify's, so a path matches here
 * exactly when it would match there. Answered before the body is read, so a method that carries one (QUERY) is not
 * refused for its content type first. Paths outside the API (the web app's pages) are left to the not-found handler.
 */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  const routes = FindMyWay();
  const methods = new Set<string>();
  const noop = () => undefined;
  app.addHook("onRoute", (route) => {
    for (const method of ([] as HTTPMethods[]).concat(route.method) as HTTPMethod[]) {
      if (!routes.hasRoute(method, route.url)) routes.on(method, route.url, noop);
      methods.add(method);
    }
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!request.is404) return;
    const path = request.url.split("?")[0] ?? "/";
    if (!isApiPath(path)) return;
    const allowed = [...methods].filter((method) => routes.find(method as HTTPMethod, path) !== null).sort();
    if (allowed.length === 0) return;
    return reply
      .status(405)
      .header("allow", allowed.join(", "))
      .send(errorBody("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${path}: use ${allowed.join(", ")}`));
  });
}
