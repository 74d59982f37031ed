import Fastify from "fastify";

/**
 * The baseline of the start benchmark: Node, Fastify and one route, listening on PORT and answering once, as
 * scripts/start.mjs does before it says the app is ready. What any Node server pays to start.
 */
const app = Fastify({ logger: false });
app.get("/", async () => ({ ok: true }));
const address = await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
await (await fetch(`${address}/`)).arrayBuffer();
const { user, system } = process.cpuUsage();
process.stdout.write(`ready, ${((user + system) / 1e6).toFixed(2)} s of CPU\n`);
