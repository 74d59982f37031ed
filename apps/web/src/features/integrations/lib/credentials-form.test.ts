import { integrationInputSchema } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import {
  type CredentialsValues,
  credentialsComplete,
  credentialsErrors,
  emptyCredentials,
  integrationInputOf,
} from "./credentials-form";

const me = "0f0e0d0c-0000-4000-8000-000000000001";
const jira = (values: Partial<CredentialsValues>): CredentialsValues => ({
  apiKey: "tok-1",
  email: "ada@acme.com",
  domain: "acme.atlassian.net",
  ...values,
});

describe("the credentials modal's fields (spec part 1 §5)", () => {
  it("asks Paymo for its API key only", () => {
    expect(credentialsComplete("paymo", emptyCredentials)).toBe(false);
    expect(credentialsComplete("paymo", { ...emptyCredentials, apiKey: "   " })).toBe(false);
    expect(credentialsComplete("paymo", { ...emptyCredentials, apiKey: "k-123" })).toBe(true);
  });

  it.each([
    ["the e-mail", { email: "" }],
    ["the domain", { domain: " " }],
    ["the API token", { apiKey: "" }],
  ])("asks Jira for %s too", (_name, missing) => {
    expect(credentialsComplete("jira", jira(missing))).toBe(false);
  });

  it("lets Jira connect with all three", () => {
    expect(credentialsComplete("jira", jira({}))).toBe(true);
  });
});

describe("a Jira domain in the shape of a site address (the server's schema)", () => {
  it.each([
    ["acme.atlassian.net", "acme.atlassian.net"],
    ["  Acme.Atlassian.NET ", "acme.atlassian.net"],
    ["https://acme.atlassian.net/", "acme.atlassian.net"],
    ["https://acme.atlassian.net/jira/your-work", "acme.atlassian.net"],
    ["http://jira.example.co.uk", "jira.example.co.uk"],
    ["jira.example.com:8443", "jira.example.com:8443"],
    ["203.0.113.9", "203.0.113.9"],
    ["http://127.0.0.1:4711/", "127.0.0.1:4711"],
  ])("takes %j, sent as %j", (typed, site) => {
    expect(credentialsErrors(me, "jira", jira({ domain: typed }))).toEqual({});
    expect(integrationInputOf(me, "jira", jira({ domain: typed })).metadata).toEqual({
      email: "ada@acme.com",
      domain: site,
    });
  });

  it.each([
    ["acme"],
    ["acme."],
    [".atlassian.net"],
    ["-acme.atlassian.net"],
    ["acme..atlassian.net"],
    ["acme.atlassian.123"],
    ["ada@acme.atlassian.net"],
    ["acme atlassian.net"],
    ["ftp://acme.atlassian.net"],
  ])("refuses %j", (typed) => {
    expect(credentialsErrors(me, "jira", jira({ domain: typed }))).toEqual({ domain: "domain" });
  });
});

describe("what the server is sent (spec §3 'Integration enabling', §7)", () => {
  it("sends Paymo's key as an API key, without metadata", () => {
    const input = integrationInputOf(me, "paymo", { ...emptyCredentials, apiKey: "  k-123 " });
    expect(input).toEqual({ user_id: me, service: "paymo", auth_token: "k-123", token_type: "APIKEY", metadata: {} });
    expect(integrationInputSchema.safeParse(input).success).toBe(true);
  });

  it("sends Jira's token as Basic, with the e-mail and the site", () => {
    const input = integrationInputOf(
      me,
      "jira",
      jira({ email: " ada@acme.com ", domain: "https://Acme.atlassian.net/" }),
    );
    expect(input).toEqual({
      user_id: me,
      service: "jira",
      auth_token: "tok-1",
      token_type: "Basic",
      metadata: { email: "ada@acme.com", domain: "acme.atlassian.net" },
    });
    expect(integrationInputSchema.safeParse(input).success).toBe(true);
  });
});

describe("the fields that cannot be right", () => {
  it("has none for a complete Jira form, nor for Paymo", () => {
    expect(credentialsErrors(me, "jira", jira({}))).toEqual({});
    expect(credentialsErrors(me, "paymo", { ...emptyCredentials, apiKey: "k" })).toEqual({});
  });

  it("names an e-mail the server's schema refuses, and a domain that is no site address", () => {
    expect(credentialsErrors(me, "jira", jira({ email: "ada@", domain: "acme" }))).toEqual({
      email: "email",
      domain: "domain",
    });
  });

  it("leaves empty fields to the connect button, which waits for them", () => {
    expect(credentialsErrors(me, "jira", jira({ email: "", domain: "" }))).toEqual({});
  });
});
