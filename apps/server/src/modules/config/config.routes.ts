import { type PublicConfig, publicConfigSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answer } from "../api-document/api-document.js";
import { publicConfigExample } from "../api-document/examples.js";

export const configRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (app, { publicConfig }) => {
  app.get(
    "/config",
    {
      schema: {
        operationId: "getConfig",
        tags: ["config"],
        summary: "Get the server's public settings",
        description:
          "What a client needs to know before sign-in: the version, the Google client id (null without Google " +
          "sign-in), the optional chat and tag-manager scripts, and the terms, privacy and help pages. No token needed.",
        response: { 200: answer(publicConfigSchema, "The public settings", publicConfigExample) },
      },
    },
    async () => publicConfig,
  );
};
