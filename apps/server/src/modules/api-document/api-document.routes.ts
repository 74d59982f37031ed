import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/** `GET openapi.json`: the document beside the API it describes, where clients and generators look for it first. */
export const apiDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/openapi.json",
    {
      schema: {
        operationId: "getOpenApiDocument",
        tags: ["documentation"],
        summary: "This API's OpenAPI document",
        description: "The same document as `/api/docs/json`, which the interactive reference at `/api/docs` reads.",
        response: {
          200: {
            description: "An OpenAPI 3.1 document",
            content: { "application/json": { schema: z.object({ openapi: z.string() }).loose() } },
          },
        },
      },
    },
    async () => app.swagger() as unknown as { openapi: string },
  );
};
