import { type PublicConfig, publicConfigSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const configRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (app, { publicConfig }) => {
  app.get(
    "/config",
    {
      schema: {
        operationId: "getConfig",
        tags: ["config"],
        summary: "What the web needs to know about the server before sign-in",
        response: { 200: publicConfigSchema },
      },
    },
    async () => publicConfig,
  );
};
