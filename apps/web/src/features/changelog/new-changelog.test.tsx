import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getCookie } from "../../lib/cookies";
import { useNewChangelog } from "./new-changelog";

describe("new-changelog cookie", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stores nothing and shows nothing without cookie consent", () => {
    window.localStorage.setItem("last-seen-version", "0.22.0");
    const { result } = renderHook(() => useNewChangelog({ version: "0.23.0", consentAccepted: false }));
    expect(result.current).toBe(false);
    expect(getCookie("new-changelog")).toBeNull();
    expect(window.localStorage.getItem("last-seen-version")).toBe("0.22.0");
  });

  it("on a new version sets the cookie, opens the changelog, and clears the cookie 1.5 s later", () => {
    window.localStorage.setItem("last-seen-version", "0.22.0");
    const { result } = renderHook(() => useNewChangelog({ version: "0.23.0", consentAccepted: true }));
    expect(result.current).toBe(true);
    expect(getCookie("new-changelog")).toBe("true");
    expect(window.localStorage.getItem("last-seen-version")).toBe("0.23.0");
    act(() => vi.advanceTimersByTime(1499));
    expect(getCookie("new-changelog")).toBe("true");
    act(() => vi.advanceTimersByTime(1));
    expect(getCookie("new-changelog")).toBeNull();
  });

  it("does not open again for a version already seen", () => {
    window.localStorage.setItem("last-seen-version", "0.23.0");
    const { result } = renderHook(() => useNewChangelog({ version: "0.23.0", consentAccepted: true }));
    expect(result.current).toBe(false);
  });

  it("on a first visit only records the version", () => {
    const { result } = renderHook(() => useNewChangelog({ version: "0.23.0", consentAccepted: true }));
    expect(result.current).toBe(false);
    expect(window.localStorage.getItem("last-seen-version")).toBe("0.23.0");
  });

  it("opens once consent arrives after a version change", () => {
    window.localStorage.setItem("last-seen-version", "0.22.0");
    const { result, rerender } = renderHook((props) => useNewChangelog(props), {
      initialProps: { version: "0.23.0", consentAccepted: false },
    });
    expect(result.current).toBe(false);
    rerender({ version: "0.23.0", consentAccepted: true });
    expect(result.current).toBe(true);
  });
});
