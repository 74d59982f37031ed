import { Table } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../testing/render";
import { nextSort, SortableTh, sortRows, useSort } from "./sortable-table";

describe("sort cycle", () => {
  it("goes ascending, descending, then none on the same column", () => {
    const asc = nextSort(null, "name");
    expect(asc).toEqual({ key: "name", direction: "asc" });
    const desc = nextSort(asc, "name");
    expect(desc).toEqual({ key: "name", direction: "desc" });
    expect(nextSort(desc, "name")).toBeNull();
  });

  it("starts ascending when another column is clicked", () => {
    expect(nextSort({ key: "name", direction: "desc" }, "email")).toEqual({ key: "email", direction: "asc" });
  });
});

describe("sortRows", () => {
  const rows = [{ name: "bravo" }, { name: null }, { name: "Älpha" }, { name: "charlie" }, { name: "" }];
  const valueAt = (row: { name: string | null }) => row.name;

  it("keeps the given order without a sort", () => {
    expect(sortRows(rows, null, valueAt)).toEqual(rows);
  });

  it("compares text ignoring case and accents, blanks last in both directions", () => {
    const asc = sortRows(rows, { key: "name", direction: "asc" }, valueAt, "en").map((r) => r.name);
    expect(asc.slice(0, 3)).toEqual(["Älpha", "bravo", "charlie"]);
    expect(asc.slice(3)).toEqual([null, ""]);
    const desc = sortRows(rows, { key: "name", direction: "desc" }, valueAt, "en").map((r) => r.name);
    expect(desc.slice(0, 3)).toEqual(["charlie", "bravo", "Älpha"]);
  });

  it("compares numbers as numbers", () => {
    const numbers = [{ n: 10 }, { n: 9 }, { n: 100 }];
    expect(sortRows(numbers, { key: "n", direction: "asc" }, (r) => r.n).map((r) => r.n)).toEqual([9, 10, 100]);
  });
});

function Header() {
  const { sort, toggle } = useSort<"name">();
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <SortableTh label="Name" sortKey="name" sort={sort} onSort={toggle} />
        </Table.Tr>
      </Table.Thead>
    </Table>
  );
}

describe("SortableTh", () => {
  it("announces the order through aria-sort as the header is clicked", async () => {
    const { user } = renderWithProviders(<Header />);
    const header = screen.getByRole("columnheader", { name: "Name" });
    expect(header).toHaveAttribute("aria-sort", "none");
    await user.click(screen.getByRole("button", { name: "Name" }));
    expect(header).toHaveAttribute("aria-sort", "ascending");
    await user.click(screen.getByRole("button", { name: "Name" }));
    expect(header).toHaveAttribute("aria-sort", "descending");
    await user.click(screen.getByRole("button", { name: "Name" }));
    expect(header).toHaveAttribute("aria-sort", "none");
  });
});
