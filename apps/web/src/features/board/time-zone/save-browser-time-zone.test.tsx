import { screen, waitFor } from "@testing-library/react";
import type { User } from "@timetrap/domain";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { SaveBrowserTimeZone } from "./save-browser-time-zone";

const userPath = "/api/v1/user/user-1";

function withZone(timeZone: string | null): User {
  const user = buildUser({ uid: "user-1" });
  return { ...user, preferences: { ...user.preferences, timeZone } };
}

/** The user as the server keeps them: a PATCH of preferences merges into what is stored. */
function userServer(start: User) {
  let stored = start;
  return stubSignedInApi(start, {
    [`PATCH ${userPath}`]: ({ body }) => {
      const patch = body as { preferences: Partial<User["preferences"]> };
      stored = { ...stored, preferences: { ...stored.preferences, ...patch.preferences } };
      return jsonResponse(stored);
    },
  });
}

/** Draws the saver again, with a fresh copy of the same user, on each click. */
function Redrawn({ user }: { user: User }) {
  const [copy, setCopy] = useState(user);
  return (
    <>
      <SaveBrowserTimeZone user={copy} />
      <button type="button" onClick={() => setCopy({ ...user })}>
        Redraw
      </button>
    </>
  );
}

describe("the browser's time zone", () => {
  it("is saved once for a person who has none", async () => {
    const user = withZone(null);
    const fetch = userServer(user);
    const { user: person } = renderWithProviders(<Redrawn user={user} />);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

    await waitFor(() =>
      expect(fetch.requestsTo("PATCH", userPath).map((request) => request.body)).toEqual([
        { preferences: { timeZone: zone } },
      ]),
    );
    // Drawn again with the zone still missing (the caller's user not yet refreshed): nothing is sent twice.
    await person.click(screen.getByRole("button", { name: "Redraw" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.requestsTo("PATCH", userPath)).toHaveLength(1);
  });

  it("leaves a zone already stored as it is", async () => {
    const fetch = userServer(withZone("America/New_York"));
    renderWithProviders(<SaveBrowserTimeZone user={withZone("America/New_York")} />);
    await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/auth/me")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.requestsTo("PATCH", userPath)).toHaveLength(0);
  });
});
