import { screen, waitFor, within } from "@testing-library/react";
import { todayIn } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../../lib/format";
import { errorResponse, jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { buildContract } from "../users-test-server";
import { ContractModal } from "./contract-modal";

const contractsPath = "/api/v1/organization/org-1/user/user-2/contract";

function renderModal(contract = null as ReturnType<typeof buildContract> | null) {
  let closed = false;
  const rendered = renderWithProviders(
    <ContractModal
      organizationId="org-1"
      userId="user-2"
      contract={contract}
      opened
      onClose={() => {
        closed = true;
      }}
    />,
  );
  return { ...rendered, dialog: screen.getByRole("dialog"), wasClosed: () => closed };
}

const field = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole("textbox", { name });

describe("contract modal", () => {
  it("starts a new contract today, with no end, full-time", () => {
    stubFetch({});
    const { dialog } = renderModal();
    expect(within(dialog).getByText("New contract")).toBeInTheDocument();
    expect(field(dialog, /^From/)).toHaveValue(formatDate(todayIn()));
    expect(field(dialog, /^To/)).toHaveValue("");
    expect(within(dialog).getByRole("radio", { name: "Full-time" })).toBeChecked();
    expect(field(dialog, /Hours per day/)).toHaveValue("8");
  });

  it("switches type as the domain rule says: part-time has seven zeroed weekdays, full-time zero hours", async () => {
    stubFetch({});
    const { user, dialog } = renderModal();
    await user.click(within(dialog).getByRole("radio", { name: "Part-time" }));
    expect(within(dialog).queryByRole("textbox", { name: /Hours per day/ })).not.toBeInTheDocument();
    const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    for (const day of days) expect(field(dialog, day)).toHaveValue("0");

    await user.type(field(dialog, "Monday"), "4");
    expect(field(dialog, "Monday")).toHaveValue("4");
    await user.click(within(dialog).getByRole("radio", { name: "Full-time" }));
    expect(field(dialog, /Hours per day/)).toHaveValue("0");
    await user.click(within(dialog).getByRole("radio", { name: "Part-time" }));
    expect(field(dialog, "Monday")).toHaveValue("0");
  });

  it("resets the end date to the start date when the start moves past it", async () => {
    stubFetch({});
    const { user, dialog } = renderModal(buildContract({ from_date: "2026-01-01", to_date: "2026-03-31" }));
    const from = field(dialog, /^From/);
    await user.tripleClick(from);
    await user.keyboard("15/04/2026");
    await user.tab();
    expect(field(dialog, /^To/)).toHaveValue("15/04/2026");

    await user.tripleClick(from);
    await user.keyboard("01/02/2026");
    await user.tab();
    // An earlier start leaves the end where it is.
    expect(field(dialog, /^To/)).toHaveValue("15/04/2026");
  });

  it("reads typed dates day first, as the overheads do", async () => {
    const fetch = stubFetch({
      [`POST ${contractsPath}`]: ({ body }) => jsonResponse({ ...buildContract(), ...(body as object) }, 201),
    });
    const { user, dialog } = renderModal();
    for (const [name, typed] of [
      [/^From/, "3/4/2030"],
      [/^To/, "05.04.2030"],
    ] as const) {
      await user.tripleClick(field(dialog, name));
      await user.keyboard(typed);
      await user.tab();
    }
    expect(field(dialog, /^From/)).toHaveValue("03/04/2030");
    expect(field(dialog, /^To/)).toHaveValue("05/04/2030");
    expect(within(dialog).getAllByPlaceholderText("dd/mm/yyyy")).toHaveLength(2);
    await user.type(field(dialog, /Hourly cost/), "30");
    await user.type(field(dialog, /Productivity target/), "75");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Contract created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", contractsPath)[0]?.body).toMatchObject({
      from_date: "2030-04-03",
      to_date: "2030-04-05",
    });
  });

  it("clears the end date for an open-ended contract", async () => {
    const fetch = stubFetch({
      [`PATCH ${contractsPath}/contract-1`]: ({ body }) => jsonResponse({ ...buildContract(), ...(body as object) }),
    });
    const { user, dialog, wasClosed } = renderModal(buildContract({ from_date: "2026-01-01", to_date: "2026-03-31" }));
    await user.click(within(dialog).getByRole("button", { name: "Clear the end date" }));
    expect(field(dialog, /^To/)).toHaveValue("");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Contract updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", `${contractsPath}/contract-1`)[0]?.body).toMatchObject({
      from_date: "2026-01-01",
      to_date: null,
    });
    expect(wasClosed()).toBe(true);
  });

  it("creates a part-time contract with hours by weekday, cost and target", async () => {
    const fetch = stubFetch({
      [`POST ${contractsPath}`]: ({ body }) => jsonResponse({ ...buildContract(), ...(body as object) }, 201),
    });
    const { user, dialog } = renderModal();
    await user.click(within(dialog).getByRole("radio", { name: "Part-time" }));
    await user.type(field(dialog, "Monday"), "4");
    await user.type(field(dialog, "Wednesday"), "6");
    await user.type(field(dialog, /Hourly cost/), "30.255");
    await user.type(field(dialog, /Productivity target/), "75.55");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Contract created")).toBeInTheDocument();
    const today = todayIn();
    expect(fetch.requestsTo("POST", contractsPath)[0]?.body).toEqual({
      contract_type: "part-time",
      contractual_hours: 0,
      contractual_hours_by_day: { monday: 4, tuesday: 0, wednesday: 6, thursday: 0, friday: 0, saturday: 0, sunday: 0 },
      // The fields keep two decimals for the cost and one for the target.
      hourly_cost: 30.25,
      productivity_target: 75.5,
      from_date: today,
      // The end is left empty unless chosen: saved without touching it, the contract has no end.
      to_date: null,
    });
  });

  it("asks for the hourly cost and the productivity target and sends nothing without them", async () => {
    const fetch = stubFetch({});
    const { user, dialog } = renderModal();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Enter the hourly cost, with at most 2 decimals")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter a percentage from 0 to 100, with at most 1 decimal")).toBeInTheDocument();
    expect(fetch.requests).toEqual([]);
  });

  it("shows the overlap the server names in the error toast and stays open", async () => {
    stubFetch({
      [`PATCH ${contractsPath}/contract-1`]: () =>
        errorResponse(409, "CONFLICT", "This contract overlaps the contract from 01/01/2026 to 31/12/2026"),
    });
    const { user, dialog, wasClosed } = renderModal(buildContract());
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("This contract overlaps the contract from 01/01/2026 to 31/12/2026"),
    ).toBeInTheDocument();
    expect(screen.getByText("Something went wrong. Please try again.")).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Save" })).toBeEnabled());
    expect(wasClosed()).toBe(false);
  });
});
