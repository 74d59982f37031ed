import { describe, expect, it, vi } from "vitest";
import { storage } from "./storage";

function failingStorage(method: "getItem" | "setItem" | "removeItem") {
  vi.spyOn(Storage.prototype, method).mockImplementation(() => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  });
}

describe("storage", () => {
  it("reads back what it wrote, and JSON values as values", () => {
    storage.setItem("language", "it");
    storage.setJson("session", { token: "abc" });
    expect(storage.getItem("language")).toBe("it");
    expect(storage.getJson("session")).toEqual({ token: "abc" });
    storage.removeItem("language");
    expect(storage.getItem("language")).toBeNull();
  });

  it("reports a refused write as 'Storage set item error'", () => {
    failingStorage("setItem");
    expect(() => storage.setItem("session", "x")).toThrow(/^Storage set item error: session: /);
  });

  it("reports a refused read as 'Storage get item error'", () => {
    failingStorage("getItem");
    expect(() => storage.getItem("session")).toThrow(/^Storage get item error: session: /);
  });

  it("reports a refused removal as 'Storage remove item error'", () => {
    failingStorage("removeItem");
    expect(() => storage.removeItem("session")).toThrow(/^Storage remove item error: session: /);
  });

  it("reports unreadable JSON as 'Storage get item error'", () => {
    window.localStorage.setItem("session", "{not json");
    expect(() => storage.getJson("session")).toThrow(/^Storage get item error: session: /);
  });
});
