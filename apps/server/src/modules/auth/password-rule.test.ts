import { describe, expect, test } from "vitest";
import { buildUser, uniqueEmail } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const signUp = (json: unknown) => request(t.app, { method: "POST", url: "/api/v1/auth/basic/signup", json });
const changePassword = (json: unknown) =>
  request(t.app, { method: "POST", url: "/api/v1/auth/basic/change-password", json });

describe("the password rule where a password is chosen", () => {
  test.each([
    ["the most used password", "password", {}, "This is a heavily used password."],
    ["a run of digits", "12345678", {}, "This is a heavily used password."],
    ["a keyboard row", "qwertyuiop", {}, "This is a frequently used password."],
    ["an Italian common word", "buongiorno", {}, "It is too easy to guess."],
    ["the person's name", "NinaRossi1", { nominative: "Nina Rossi" }, "It contains your name or e-mail address."],
    [
      "the person's e-mail",
      "nina.rossi@posta.it",
      { email: "nina.rossi@posta.it" },
      "It contains your name or e-mail address.",
    ],
  ])(
    "sign-up refuses %s with a 400 naming body.password, saying why, and writes nothing",
    async (_label, password, person, reason) => {
      const before = await snapshot(t.db);
      const response = await signUp({ email: uniqueEmail(), nominative: "Someone", ...person, password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        details: [{ field: "body.password", message: expect.stringMatching(/^Password is too easy to guess: /) }],
      });
      expect(response.json().ErrorMessage).toContain(`body.password: Password is too easy to guess: ${reason}`);
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("sign-up takes a strong passphrase", async () => {
    const response = await signUp({
      email: uniqueEmail(),
      nominative: "Nina Rossi",
      password: "Tramonto viola sul molo 42",
    });
    expect(response.statusCode).toBe(201);
  });

  test("a link's new password is measured against the e-mail it is for, before the token is even looked at", async () => {
    const user = await buildUser(t, { email: "grace.hopper@navy.example" });
    const before = await snapshot(t.db);
    const response = await changePassword({ email: user.email, token: "any-token", password: "gracehopper1" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [
        { field: "body.password", message: expect.stringContaining("It contains your name or e-mail address.") },
      ],
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("a short password is told its length only", async () => {
    const response = await signUp({ email: uniqueEmail(), nominative: "N", password: "short" });
    expect(response.json().ErrorMessage).toBe("body.password: Password must be at least 8 characters");
  });

  test("the OpenAPI document states the rule on the password field", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    for (const path of ["/api/v1/auth/basic/signup", "/api/v1/auth/basic/change-password"]) {
      const password = document.paths[path].post.requestBody.content["application/json"].schema.properties.password;
      expect(password).toMatchObject({ minLength: 8, maxLength: 256 });
      expect(password.description).toContain("not too easy to guess");
    }
  });
});
