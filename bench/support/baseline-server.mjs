import Fastify from "fastify";
import pg from "pg";

/**
 * The baseline of the board benchmark: a bare Fastify route on the same database running one indexed query for the
 * same week's rows, with no session, no permission check and no recurrence expansion.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get("/events", async (request) => {
  const { userId, from, to } = request.query;
  const { rows } = await pool.query(
    `select * from time_blocking_events
      where user_id = $1 and start_time > $2::timestamptz - interval '31 days' and start_time < $3 and end_time > $2
      order by start_time`,
    [userId, new Date(Number(from)), new Date(Number(to))],
  );
  return rows;
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.stdout.write("ready\n");
