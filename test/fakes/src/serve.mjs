#!/usr/bin/env node
// Starts the fake Google JWKS and the fake SMTP server for the browser tests (or a demo), and exposes
// what they hold over HTTP:
//   GET    /messages[?to=address]  received e-mails, newest last
//   DELETE /messages               forget them
//   POST   /google/id-token        body: claims (JSON) -> {credential}, signed by the fake JWKS key
// and the fake Google OAuth and Calendar API (google.mjs), for the same client id as the JWKS, driven at its own
// address under /__control/.
// Ports: FAKES_HTTP_PORT (default 4010), FAKES_SMTP_PORT, FAKES_JWKS_PORT and FAKES_GOOGLE_PORT (default: random).
// The fake Todoist (todoist.mjs) and Asana (asana.mjs) as well, driven under /__control/ at their own addresses
// (FAKES_TODOIST_PORT, FAKES_ASANA_PORT; default: random), with the server's settings for them in the JSON line.
// The fake Paymo (paymo.mjs) and Jira (jira.mjs) too (FAKES_PAYMO_PORT, FAKES_JIRA_PORT; default: random): Paymo's key
// and Jira's site (`127.0.0.1:<port>`), e-mail and API token in the JSON line, with the server's settings for them.
// Prints one JSON line with the addresses once everything listens.
import { createServer } from "node:http";
import { serverEnvOf as asanaServerEnvOf, startFakeAsana } from "./asana.mjs";
import { startFakeGoogle } from "./google.mjs";
import { startFakeJwks } from "./google-jwks.mjs";
import { serverEnvOf as jiraServerEnvOf, startFakeJira } from "./jira.mjs";
import { serverEnvOf as paymoServerEnvOf, startFakePaymo } from "./paymo.mjs";
import { startSmtpServer } from "./smtp.mjs";
import { startFakeTodoist, serverEnvOf as todoistServerEnvOf } from "./todoist.mjs";

const portFromEnv = (name, fallback) => {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`${name} must be a port number, got "${value}"\n`);
    process.exit(1);
  }
  return port;
};

const jwks = await startFakeJwks({ port: portFromEnv("FAKES_JWKS_PORT", 0) });
const smtp = await startSmtpServer({ port: portFromEnv("FAKES_SMTP_PORT", 0) });
const google = await startFakeGoogle({ port: portFromEnv("FAKES_GOOGLE_PORT", 0), clientId: jwks.clientId });
const todoist = await startFakeTodoist({ port: portFromEnv("FAKES_TODOIST_PORT", 0) });
const asana = await startFakeAsana({ port: portFromEnv("FAKES_ASANA_PORT", 0) });
const paymo = await startFakePaymo({ port: portFromEnv("FAKES_PAYMO_PORT", 0) });
const jira = await startFakeJira({ port: portFromEnv("FAKES_JIRA_PORT", 0) });

const readJson = (request) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      try {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve(text ? JSON.parse(text) : {});
      } catch (error) {
        reject(error);
      }
    });
    request.on("error", reject);
  });

const send = (response, status, body) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
};

const http = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  try {
    if (url.pathname === "/messages" && request.method === "GET") {
      const to = url.searchParams.get("to")?.toLowerCase();
      send(response, 200, to ? smtp.messages.filter((m) => m.to.includes(to)) : smtp.messages);
    } else if (url.pathname === "/messages" && request.method === "DELETE") {
      smtp.clear();
      send(response, 200, { success: true });
    } else if (url.pathname === "/google/id-token" && request.method === "POST") {
      send(response, 200, { credential: await jwks.signIdToken(await readJson(request)) });
    } else {
      send(response, 404, { error: "not found" });
    }
  } catch (error) {
    send(response, 400, { error: String(error) });
  }
});
await new Promise((resolve) => http.listen(portFromEnv("FAKES_HTTP_PORT", 4010), "127.0.0.1", resolve));
const address = http.address();
const httpPort = typeof address === "object" && address ? address.port : 0;

process.stdout.write(
  `${JSON.stringify({
    httpUrl: `http://127.0.0.1:${httpPort}`,
    jwksUrl: jwks.url,
    googleClientId: jwks.clientId,
    smtpUrl: smtp.url,
    googleUrl: google.url,
    googleOauthAuthorizeUrl: google.authorizeUrl,
    googleOauthTokenUrl: google.tokenUrl,
    googleOauthRevokeUrl: google.revokeUrl,
    googleCalendarApiUrl: google.calendarApiUrl,
    googleClientSecret: google.clientSecret,
    todoistUrl: todoist.url,
    todoistServerEnv: todoistServerEnvOf(todoist),
    asanaUrl: asana.url,
    asanaServerEnv: asanaServerEnvOf(asana),
    paymoUrl: paymo.url,
    paymoApiKey: paymo.apiKey,
    paymoServerEnv: paymoServerEnvOf(paymo),
    jiraUrl: jira.url,
    jiraDomain: jira.domain,
    jiraEmail: jira.email,
    jiraApiToken: jira.apiToken,
    jiraServerEnv: jiraServerEnvOf(jira),
  })}\n`,
);

const stop = async () => {
  http.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => http.close(resolve)),
    jwks.close(),
    smtp.close(),
    google.close(),
    todoist.close(),
    asana.close(),
    paymo.close(),
    jira.close(),
  ]);
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
