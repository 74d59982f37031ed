import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-client";
import { renderWithProviders } from "../testing/render";
import { LoadErrorState } from "./query-states";

const failure = (status: number, ErrorMessage: string) =>
  new ApiError({ status, statusText: "", code: status === 0 ? "NETWORK_ERROR" : "INTERNAL", ErrorMessage });

describe("load error state", () => {
  it("shows the server's words under the given title, and tries again on request", async () => {
    let retries = 0;
    const { user } = renderWithProviders(
      <LoadErrorState
        title="Could not load the customers."
        error={failure(503, "Try again later")}
        onRetry={() => {
          retries += 1;
        }}
      />,
    );
    expect(screen.getByText("Could not load the customers.")).toBeInTheDocument();
    expect(screen.getByText("Try again later")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(retries).toBe(1);
  });

  it("keeps the browser's words for a network failure to itself, under the common title", () => {
    renderWithProviders(<LoadErrorState error={failure(0, "Failed to fetch")} onRetry={() => {}} />);
    expect(screen.getByText("Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.queryByText("Failed to fetch")).not.toBeInTheDocument();
  });
});
