import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "./markdown";

describe("markdown reader", () => {
  it("reads headings, paragraphs and lists", () => {
    const blocks = parseMarkdown(
      "# Changelog\n\nAll notable changes.\n\n## [0.23.0] - 2026-11-21\n\n### Added\n- One\n- Two\n  - Nested\n1. First",
    );
    expect(blocks.map((b) => b.type)).toEqual(["heading", "paragraph", "heading", "heading", "list", "list"]);
    const list = blocks[4];
    expect(list?.type === "list" && list.items.length).toBe(2);
    expect(list?.type === "list" && list.items[1]?.sublist?.type).toBe("list");
    expect(blocks[5]?.type === "list" && blocks[5].ordered).toBe(true);
  });

  it("keeps markup-looking text as text", () => {
    expect(parseInline("<img src=x onerror=alert(1)>")).toEqual([
      { type: "text", text: "<img src=x onerror=alert(1)>" },
    ]);
  });

  it("reads code, bold, italics and links", () => {
    expect(parseInline("a `b` **c** *d* [e](https://x.it)")).toEqual([
      { type: "text", text: "a " },
      { type: "code", text: "b" },
      { type: "text", text: " " },
      { type: "strong", children: [{ type: "text", text: "c" }] },
      { type: "text", text: " " },
      { type: "em", children: [{ type: "text", text: "d" }] },
      { type: "text", text: " " },
      { type: "link", href: "https://x.it", children: [{ type: "text", text: "e" }] },
    ]);
  });

  it("drops links to scripts and other schemes", () => {
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref("//evil.example")).toBeNull();
    expect(parseInline("[x](javascript:alert(1))")[0]?.type).toBe("text");
  });

  it("keeps fenced code as it is", () => {
    expect(parseMarkdown("```\n# not a heading\n```")).toEqual([{ type: "code", text: "# not a heading" }]);
  });
});
