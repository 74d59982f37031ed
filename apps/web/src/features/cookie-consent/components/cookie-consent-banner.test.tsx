import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { getCookie } from "../../../lib/cookies";
import { buildConfig, buildUser } from "../../../testing/builders";
import { jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";

// Each test has its own tag-manager address: a loaded script stays in the document for the whole file.
function signedIn(cookieConsent: boolean | null, tagManagerUrl = "https://tags.example/gtm.js") {
  const user = buildUser({ cookie_consent: cookieConsent });
  window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
  return stubFetch({
    "GET /api/v1/config": () => jsonResponse(buildConfig({ tagManagerUrl })),
    "GET /api/v1/auth/me": () => jsonResponse(user),
    "PATCH /api/v1/user/user-1": ({ body }) => jsonResponse({ ...user, ...(body as object) }),
  });
}

const tagManagerScript = (url = "https://tags.example/gtm.js") => document.head.querySelector(`script[src="${url}"]`);

describe("cookie consent banner", () => {
  it("is not shown once the user has answered", async () => {
    signedIn(false);
    renderApp({ route: "/user/user-1/board" });
    await screen.findByRole("heading", { level: 1, name: "Board" });
    expect(screen.queryByRole("region", { name: "We use cookies" })).not.toBeInTheDocument();
  });

  it("saves an acceptance on the user and in a 150-day cookie, then loads the tag manager", async () => {
    const fetch = signedIn(null);
    const { user } = renderApp({ route: "/user/user-1/board" });
    await screen.findByRole("region", { name: "We use cookies" });
    expect(tagManagerScript()).toBeNull();
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(screen.queryByRole("region", { name: "We use cookies" })).not.toBeInTheDocument();
    expect(getCookie("cookie-consent")).toBe("true");
    await waitFor(() =>
      expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")[0]?.body).toEqual({ cookie_consent: true }),
    );
    await waitFor(() => expect(tagManagerScript()).not.toBeNull());
  });

  it("saves a refusal and never loads the tag manager", async () => {
    const fetch = signedIn(null, "https://tags.example/declined.js");
    const { user } = renderApp({ route: "/user/user-1/board" });
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(getCookie("cookie-consent")).toBe("false");
    await waitFor(() =>
      expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")[0]?.body).toEqual({ cookie_consent: false }),
    );
    expect(tagManagerScript("https://tags.example/declined.js")).toBeNull();
  });

  it("counts scrolling as acceptance", async () => {
    const fetch = signedIn(null);
    renderApp({ route: "/user/user-1/board" });
    await screen.findByRole("region", { name: "We use cookies" });
    fireEvent.scroll(window);
    await waitFor(() =>
      expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")[0]?.body).toEqual({ cookie_consent: true }),
    );
    expect(screen.queryByRole("region", { name: "We use cookies" })).not.toBeInTheDocument();
  });
});
