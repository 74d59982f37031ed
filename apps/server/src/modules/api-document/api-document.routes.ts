import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answer } from "./api-document.js";

/** `GET openapi.json`: the document beside the API it describes, where clients and generators look for it first. */
export const apiDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/openapi.json",
    {
      schema: {
        operationId: "getOpenApiDocument",
        tags: ["documentation"],
        summary: "Get this API's OpenAPI document",
        description:
          "This API's OpenAPI 3.1 document: the same as `/api/docs/json`, which the interactive reference at `/api/docs` " +
          "reads. No token needed.",
        response: {
          200: answer(z.object({ openapi: z.string() }).loose(), "An OpenAPI 3.1 document", {
            openapi: "3.1.0",
            info: { title: "Timetrap API", version: "0.23.0" },
            paths: {},
          }),
        },
      },
    },
    async () => app.swagger() as unknown as { openapi: string },
  );
};
