import { screen, waitFor, within } from "@testing-library/react";
import type { Session } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

// Local times, so the expected text holds in any time zone the tests run in.
const laptop: Session = {
  id: "00000000-0000-4000-8000-000000000001",
  created_at: new Date(2025, 5, 2, 8, 30).getTime(),
  last_seen_at: new Date(2025, 5, 3, 14, 5).getTime(),
  ip: "203.0.113.5",
  device: { browser: "Chrome", os: "Windows" },
  current: true,
};
const phone: Session = {
  id: "00000000-0000-4000-8000-000000000002",
  created_at: new Date(2025, 5, 1, 19, 0).getTime(),
  last_seen_at: new Date(2025, 5, 1, 21, 47).getTime(),
  ip: "198.51.100.7",
  device: { browser: "Safari", os: "iPhone" },
  current: false,
};
const unknown: Session = {
  id: "00000000-0000-4000-8000-000000000003",
  created_at: new Date(2025, 4, 20, 9, 0).getTime(),
  last_seen_at: new Date(2025, 4, 28, 7, 3).getTime(),
  ip: "192.0.2.9",
  device: { browser: null, os: null },
  current: false,
};

const sessionsList = () => screen.findByRole("region", { name: "Where you are signed in" });
const rows = async () => within(await sessionsList()).findAllByTestId("session-row");

describe("sessions section of the profile", () => {
  it("lists each session with its device, address and last use, this device marked and without Sign out", async () => {
    stubSignedInApi(buildUser(), { "GET /api/v1/auth/sessions": () => jsonResponse([laptop, phone, unknown]) });
    renderApp({ route: "/user/user-1/profile" });

    const [first, second, third] = await rows();
    expect(first).toHaveTextContent("Chrome on Windows");
    expect(first).toHaveTextContent("This device");
    expect(first).toHaveTextContent("203.0.113.5 · last seen 03/06/2025 14:05");
    expect(within(first!).queryByRole("button")).toBeNull();

    expect(second).toHaveTextContent("Safari on iPhone");
    expect(second).toHaveTextContent("198.51.100.7 · last seen 01/06/2025 21:47");
    expect(second).not.toHaveTextContent("This device");
    expect(within(second!).getByRole("button", { name: "Sign out Safari on iPhone" })).toBeInTheDocument();

    expect(third).toHaveTextContent("Unknown device");
    expect(third).toHaveTextContent("192.0.2.9 · last seen 28/05/2025 07:03");
  });

  it("signs one other device out and shows the list again without it", async () => {
    let sessions = [laptop, phone];
    const fetch = stubSignedInApi(buildUser(), {
      "GET /api/v1/auth/sessions": () => jsonResponse(sessions),
      [`DELETE /api/v1/auth/sessions/${phone.id}`]: () => {
        sessions = [laptop];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await screen.findByRole("button", { name: "Sign out Safari on iPhone" }));

    expect(await screen.findByText("Safari on iPhone has been signed out")).toBeInTheDocument();
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(fetch.requestsTo("DELETE", `/api/v1/auth/sessions/${phone.id}`)).toHaveLength(1);
    expect(screen.getByText("No other device is signed in.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign out of all other devices" })).toBeNull();
  });

  it("asks before signing out of all other devices, and sends nothing when cancelled", async () => {
    let sessions = [laptop, phone, unknown];
    const fetch = stubSignedInApi(buildUser(), {
      "GET /api/v1/auth/sessions": () => jsonResponse(sessions),
      "DELETE /api/v1/auth/sessions": () => {
        sessions = [laptop];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await screen.findByRole("button", { name: "Sign out of all other devices" }));
    let dialog = await screen.findByRole("dialog", { name: "Sign out of all other devices?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetch.requestsTo("DELETE", "/api/v1/auth/sessions")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Sign out of all other devices" }));
    dialog = await screen.findByRole("dialog", { name: "Sign out of all other devices?" });
    expect(dialog).toHaveTextContent("This one stays signed in.");
    await user.click(within(dialog).getByRole("button", { name: "Sign out of all other devices" }));

    expect(await screen.findByText("All other devices have been signed out")).toBeInTheDocument();
    const [request] = fetch.requestsTo("DELETE", "/api/v1/auth/sessions");
    expect(request?.url.searchParams.get("others")).toBe("true");
    await waitFor(async () => expect(await rows()).toHaveLength(1));
  });

  it("signs this browser out when its own session was ended elsewhere", async () => {
    stubSignedInApi(buildUser(), {
      "GET /api/v1/auth/sessions": () => jsonResponse([laptop, phone]),
      [`DELETE /api/v1/auth/sessions/${phone.id}`]: () =>
        errorResponse(401, "UNAUTHENTICATED", "Your session is not valid. Please sign in again"),
    });
    const { user } = renderApp({ route: "/user/user-1/profile" });

    await user.click(await screen.findByRole("button", { name: "Sign out Safari on iPhone" }));

    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(window.localStorage.getItem("session")).toBeNull();
  });

  it("speaks Italian", async () => {
    await i18n.changeLanguage("it");
    stubSignedInApi(buildUser({ language: "it" }), {
      "GET /api/v1/auth/sessions": () => jsonResponse([laptop, phone]),
    });
    renderApp({ route: "/user/user-1/profile" });

    const region = await screen.findByRole("region", { name: "Dove hai effettuato l'accesso" });
    const [first, second] = await within(region).findAllByTestId("session-row");
    expect(first).toHaveTextContent("Chrome su Windows");
    expect(first).toHaveTextContent("Questo dispositivo");
    expect(first).toHaveTextContent("203.0.113.5 · ultimo utilizzo 03/06/2025 14:05");
    expect(within(second!).getByRole("button", { name: "Esci da Safari su iPhone" })).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Esci da tutti gli altri dispositivi" })).toBeInTheDocument();
  });
});
