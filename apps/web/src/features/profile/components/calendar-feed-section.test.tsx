import { screen, waitFor, within } from "@testing-library/react";
import type { CalendarFeed } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const feedPath = "/api/v1/user/user-1/calendar-feed";
const route = "/user/user-1/profile";
const firstUrl = `http://localhost:3000/ics/${"A".repeat(43)}.ics`;
const secondUrl = `http://localhost:3000/ics/${"B".repeat(43)}.ics`;
// Local time, so that the date shown holds in any zone the tests run in.
const madeAt = new Date(2026, 2, 13, 9, 30).getTime();

/** The feed as the server keeps it: each POST makes a new address, DELETE turns it off. */
function feedServer(start: CalendarFeed, { postFails = false, language = "en" as "en" | "it" } = {}) {
  let feed = start;
  const addresses = [firstUrl, secondUrl];
  return stubSignedInApi(buildUser({ language }), {
    [`GET ${feedPath}`]: () => jsonResponse(feed),
    [`POST ${feedPath}`]: () => {
      if (postFails)
        return errorResponse(403, "FORBIDDEN", "Only the person themselves can see or change their calendar feed");
      const url = addresses.find((address) => address !== feed.url) ?? firstUrl;
      feed = { enabled: true, url, created_at: madeAt };
      return jsonResponse(feed);
    },
    [`DELETE ${feedPath}`]: () => {
      feed = { enabled: false, url: null, created_at: null };
      return new Response(null, { status: 204 });
    },
  });
}

const off: CalendarFeed = { enabled: false, url: null, created_at: null };
const on: CalendarFeed = { enabled: true, url: firstUrl, created_at: madeAt };

const section = () => screen.findByRole("region", { name: "Calendar feed" });

describe("the calendar feed section of the profile", { timeout: 15_000 }, () => {
  it("is off at first; switching it on shows the address, read-only, with its date", async () => {
    const fetch = feedServer(off);
    const { user } = renderApp({ route });
    const region = await section();
    const toggle = await within(region).findByRole("switch", { name: "Publish my blocks as a calendar" });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription("Off: no address shows your blocks.");
    expect(within(region).queryByRole("textbox")).not.toBeInTheDocument();

    await user.click(toggle);
    const address = await within(region).findByRole("textbox", { name: "Feed address" });
    expect(address).toHaveValue(firstUrl);
    expect(address).toHaveAttribute("readonly");
    const checked = within(region).getByRole("switch", { name: "Publish my blocks as a calendar" });
    expect(checked).toBeChecked();
    expect(checked).toHaveAccessibleDescription(
      "Anyone who has the address can see your blocks: add it only to your own calendars.",
    );
    expect(within(region).getByText("Address made on 13/03/2026")).toBeInTheDocument();
    expect(await screen.findByText("The calendar feed is on")).toBeInTheDocument();
    // Nothing is asked before turning it on.
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(fetch.requestsTo("POST", feedPath)).toHaveLength(1);
  });

  it("copies the address to the clipboard", async () => {
    feedServer(on);
    const { user } = renderApp({ route });
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const region = await section();
    await user.click(await within(region).findByRole("button", { name: "Copy the address" }));
    expect(writeText).toHaveBeenCalledWith(firstUrl);
    expect(await within(region).findByRole("button", { name: "Address copied" })).toBeInTheDocument();
  });

  it("asks before turning it off; cancelled, nothing is sent; confirmed, the address goes", async () => {
    const fetch = feedServer(on);
    const { user } = renderApp({ route });
    const region = await section();
    await within(region).findByRole("textbox", { name: "Feed address" });

    await user.click(within(region).getByRole("switch", { name: "Publish my blocks as a calendar" }));
    const dialog = await screen.findByRole("dialog", { name: "Turn the calendar feed off?" });
    expect(
      within(dialog).getByText(/calendars subscribed to it will no longer receive your blocks/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("DELETE", feedPath)).toEqual([]);
    expect(within(region).getByRole("switch", { name: "Publish my blocks as a calendar" })).toBeChecked();

    await user.click(within(region).getByRole("switch", { name: "Publish my blocks as a calendar" }));
    const again = await screen.findByRole("dialog", { name: "Turn the calendar feed off?" });
    await user.click(within(again).getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("The calendar feed is off")).toBeInTheDocument();
    await waitFor(() => expect(within(region).queryByRole("textbox")).not.toBeInTheDocument());
    expect(within(region).getByRole("switch", { name: "Publish my blocks as a calendar" })).not.toBeChecked();
    expect(fetch.requestsTo("DELETE", feedPath)).toHaveLength(1);
  });

  it("asks before making a new address, warning that the old one stops working, then shows the new one", async () => {
    const fetch = feedServer(on);
    const { user } = renderApp({ route });
    const region = await section();
    expect(await within(region).findByRole("textbox", { name: "Feed address" })).toHaveValue(firstUrl);

    await user.click(within(region).getByRole("button", { name: "New address" }));
    const dialog = await screen.findByRole("dialog", { name: "Make a new address?" });
    expect(within(dialog).getByText(/The current address stops working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("POST", feedPath)).toEqual([]);

    await user.click(within(region).getByRole("button", { name: "New address" }));
    const again = await screen.findByRole("dialog", { name: "Make a new address?" });
    await user.click(within(again).getByRole("button", { name: "New address" }));
    await waitFor(() => expect(within(region).getByRole("textbox", { name: "Feed address" })).toHaveValue(secondUrl));
    expect(await screen.findByText("The feed has a new address: give it to your calendars")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", feedPath)).toHaveLength(1);
  });

  it("says so when the address can no longer be shown, and offers a new one", async () => {
    feedServer({ enabled: true, url: null, created_at: madeAt });
    renderApp({ route });
    const region = await section();
    expect(await within(region).findByText(/This address can no longer be shown/)).toBeInTheDocument();
    expect(within(region).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "New address" })).toBeInTheDocument();
  });

  it("shows the server's refusal and stays off", async () => {
    feedServer(off, { postFails: true });
    const { user } = renderApp({ route });
    const region = await section();
    await user.click(await within(region).findByRole("switch", { name: "Publish my blocks as a calendar" }));
    expect(
      await screen.findByText("Only the person themselves can see or change their calendar feed"),
    ).toBeInTheDocument();
    expect(within(region).getByRole("switch", { name: "Publish my blocks as a calendar" })).not.toBeChecked();
  });

  it("speaks Italian", async () => {
    feedServer(on, { language: "it" });
    renderApp({ route });
    const region = await screen.findByRole("region", { name: "Feed del calendario" });
    expect(await within(region).findByRole("textbox", { name: "Indirizzo del feed" })).toHaveValue(firstUrl);
    expect(within(region).getByRole("switch", { name: "Pubblica i miei blocchi come calendario" })).toBeChecked();
    expect(within(region).getByRole("button", { name: "Nuovo indirizzo" })).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "Copia l'indirizzo" })).toBeInTheDocument();
    expect(within(region).getByText("Indirizzo creato il 13/03/2026")).toBeInTheDocument();
  });
});
