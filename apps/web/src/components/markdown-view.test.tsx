import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../testing/render";
import { MarkdownView } from "./markdown-view";

describe("markdown view", () => {
  it("opens pages of the app in the same tab and other sites in a new one", async () => {
    const { user } = renderWithProviders(
      <MarkdownView source="Read the [privacy policy](/legal/privacy) or [the web](https://example.com)." />,
    );
    const outside = screen.getByRole("link", { name: "the web" });
    expect(outside).toHaveAttribute("target", "_blank");
    expect(outside).toHaveAttribute("rel", "noopener noreferrer");
    const inside = screen.getByRole("link", { name: "privacy policy" });
    expect(inside).not.toHaveAttribute("target");
    await user.click(inside);
    expect(screen.getByTestId("location").textContent).toBe("/legal/privacy");
  });

  it("shifts headings to the place the document sits in", () => {
    const source = "# Title\n\n## Section\n\nText.";
    const { unmount } = renderWithProviders(<MarkdownView source={source} />);
    expect(screen.getByRole("heading", { level: 2, name: "Title" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Section" })).toBeInTheDocument();
    unmount();
    renderWithProviders(<MarkdownView source={source} variant="page" />);
    expect(screen.getByRole("heading", { level: 1, name: "Title" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Section" })).toBeInTheDocument();
  });
});
