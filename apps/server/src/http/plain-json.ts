import type { FastifyReply } from "fastify";
import { giveBack } from "./answer-buffers.js";

/**
 * The serializer of the routes with long answers (the board's lists, the reports): written without a second pass
 * through their zod schema, which stays for the OpenAPI document. The answers are built field by field from the
 * schema's types, and checking them again costs as much as reading them.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Sends a JSON answer already written as bytes (the timesheet's): no serializer runs. The route's response schema
 * still documents it. Bytes written into one of the answers' buffers (`takeAnswerBuffer`) give it back once the whole
 * answer has been handed to the operating system.
 */
export const sendJsonBytes = (reply: FastifyReply, bytes: Buffer) => {
  reply.raw.once("finish", () => giveBack(bytes));
  return reply.type("application/json; charset=utf-8").send(bytes);
};
