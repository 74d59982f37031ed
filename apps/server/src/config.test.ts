import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  ConfigError,
  configVariables,
  environmentVariableNames,
  loadConfig,
  renderConfigTable,
  serverPackageRoot,
} from "./config.js";

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "timetrap-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  test("gives every variable its default", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: dir,
      databaseUrl: null,
      appUrl: "http://localhost:3000",
      smtpUrl: null,
      mailFrom: "Timetrap <no-reply@localhost>",
      googleClientId: null,
      googleJwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
      chatScriptUrl: null,
      tagManagerUrl: null,
      logLevel: "info",
      signInMaxFailures: 5,
      signInWindowMinutes: 15,
      bodyLimitBytes: 1_048_576,
      trustProxy: false,
    });
    expect(config.webDistDir).toBe(join(serverPackageRoot, "..", "web", "dist"));
    expect(config.changelogPath).toBe(join(serverPackageRoot, "..", "..", "CHANGELOG.md"));
  });

  test("follows PORT in the default APP_URL and drops a trailing slash from a given one", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "8080" }).appUrl).toBe("http://localhost:8080");
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: "https://tt.example.com/app/" }).appUrl).toBe(
      "https://tt.example.com/app",
    );
  });

  test("treats empty values as unset", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: "", GOOGLE_CLIENT_ID: "  ", DATABASE_URL: "" });
    expect(config.port).toBe(3000);
    expect(config.googleClientId).toBeNull();
    expect(config.databaseUrl).toBeNull();
  });

  test("fails naming every bad variable at once", () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: "eighty",
        DATABASE_URL: "mysql://localhost/db",
        SMTP_URL: "http://mail.example.com",
        LOG_LEVEL: "loud",
        AUTH_SECRET: "short",
        SIGN_IN_MAX_FAILURES: "0",
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as ConfigError).message;
      for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "LOG_LEVEL", "AUTH_SECRET", "SIGN_IN_MAX_FAILURES"]) {
        expect(message).toContain(`${name}:`);
      }
      expect((error as ConfigError).problems).toHaveLength(6);
      expect(message).toContain('got "eighty"');
      expect(message).not.toContain("short");
      expect(message).not.toContain("mysql://localhost/db");
    }
  });

  test("generates the signing secret once, private to its owner, and reads it back later", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(64);
    const file = join(dir, "auth-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir() }).authSecret).not.toBe(first);
  });

  test("uses AUTH_SECRET when given, without writing a file", () => {
    const dir = dataDir();
    const secret = "s".repeat(40);
    expect(loadConfig({ DATA_DIR: dir, AUTH_SECRET: secret }).authSecret).toBe(secret);
    expect(() => statSync(join(dir, "auth-secret"))).toThrow();
  });

  test("refuses a stored secret that is too short", () => {
    const dir = dataDir();
    writeFileSync(join(dir, "auth-secret"), "abc");
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/AUTH_SECRET/);
  });
});

describe("CONFIG.md", () => {
  test("lists every variable with its default and meaning, as the code has them", () => {
    const doc = readFileSync(join(serverPackageRoot, "CONFIG.md"), "utf8");
    expect(doc).toContain(renderConfigTable());
    expect(configVariables.map((v) => v.name).sort()).toEqual([...environmentVariableNames].sort());
  });
});
