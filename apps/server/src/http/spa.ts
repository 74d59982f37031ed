import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./error-handler.js";

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

export const missingBuildMessage =
  "The web app has not been built, so there is no page to show here. Run `npm run build` (or `npm start`, which builds it) and reload.";

/**
 * Serves the built SPA from `webDistDir`, with index.html for every other GET path so client-side routes
 * survive a reload. Unknown /api paths are JSON 404s, never the page.
 */
export async function registerSpa(app: FastifyInstance, { webDistDir }: { webDistDir: string }): Promise<void> {
  const built = existsSync(join(webDistDir, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // The build writes brotli and gzip copies beside each text file; they are chosen by Accept-Encoding, with
      // `Vary: Accept-Encoding` on every answer so that a cache keeps the variants apart (decision 014).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        // Files under assets/ carry a content hash in their name, so they never change; everything
        // else (index.html, sw.js, the manifest) must be revalidated or an update would never arrive.
        const hashed = path.startsWith(`${join(webDistDir, "assets")}/`);
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (isApiPath(path) || !wantsPage || path.startsWith("/assets/")) {
      return reply.status(404).send(errorBody("NOT_FOUND", `No route for ${request.method} ${path}`));
    }
    if (!built) return reply.status(503).type("text/plain; charset=utf-8").send(missingBuildMessage);
    return reply.sendFile("index.html");
  });
}
