import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../http/error-handler.js";
import type { ChangelogService } from "./changelog.service.js";

export const changelogRoutes: FastifyPluginAsyncZod<{ changelog: ChangelogService }> = async (app, { changelog }) => {
  app.get(
    "/changelog",
    {
      schema: {
        operationId: "getChangelog",
        tags: ["changelog"],
        summary: "Get the changelog",
        description:
          "What changed in each version, newest first, as Markdown. A 404 when the server has no changelog file. No " +
          "token needed.",
        response: {
          200: { description: "The changelog, as Markdown", content: { "text/markdown": { schema: z.string() } } },
          ...errorResponses(404),
        },
      },
    },
    async (_request, reply) => reply.type("text/markdown; charset=utf-8").send(await changelog.getChangelog()),
  );
};
