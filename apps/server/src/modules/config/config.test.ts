import { publicConfigSchema } from "@timetrap/domain";
import { describe, expect, test } from "vitest";
import { request, useTestApp } from "../../test/test-app.js";

const t = useTestApp({ CHAT_SCRIPT_URL: "https://chat.example.com/widget.js" });

describe("GET /api/v1/config", () => {
  test("answers the public configuration without a session", async () => {
    const response = await request(t.app, { method: "GET", url: "/api/v1/config" });
    expect(response.statusCode).toBe(200);
    const body = publicConfigSchema.parse(response.json());
    expect(body).toEqual({
      version: "0.23.0",
      googleClientId: null,
      chatScriptUrl: "https://chat.example.com/widget.js",
      tagManagerUrl: null,
      termsUrl: "http://timetrap.test/legal/terms",
      privacyUrl: "http://timetrap.test/legal/privacy",
      knowledgeBaseUrl: "http://timetrap.test/help",
    });
  });

  test("shows the Google client id once it is configured", async () => {
    const other = await t.buildAnotherApp({ GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com" });
    const response = await request(other.app, { method: "GET", url: "/api/v1/config" });
    expect(response.json()).toMatchObject({ googleClientId: "client-123.apps.googleusercontent.com" });
  });
});
