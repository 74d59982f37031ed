import { expect, test } from "@playwright/test";
import { createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";

test("an admin creates, filters, sorts and deletes customers, the last by typing its slug", async ({
  page,
  request,
}) => {
  const admin = await createOnboardedUser(request, { nominative: "Clara Admin" });
  const { organization } = await getMe(request, admin.token);
  await openSignedIn(page, admin.token, `/organization/${organization.uid}/customers`);

  for (const { name, email } of [
    { name: "Caffè Nero", email: "info@caffenero.it" },
    { name: "Acme Srl", email: "hello@acme.it" },
  ]) {
    await page.getByRole("button", { name: "New customer" }).first().click();
    const modal = page.getByRole("dialog", { name: "New customer" });
    await modal.getByRole("textbox", { name: "Name" }).fill(name);
    await modal.getByRole("textbox", { name: "Email" }).fill(email);
    await modal.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Customer created").last()).toBeVisible();
    await expect(modal).toBeHidden();
  }

  // The first cell of each row holds the name, a button that opens the customer.
  const names = page.locator("tbody tr td:first-child button");
  await expect(names).toHaveText(["Acme Srl", "Caffè Nero"]);

  await page.getByRole("textbox", { name: "Filter by Name" }).fill("caffe");
  await expect(names).toHaveText(["Caffè Nero"]);
  await page.getByRole("textbox", { name: "Filter by Name" }).fill("");
  await expect(names).toHaveCount(2);

  const nameHeader = page.getByRole("columnheader", { name: "Name" });
  await nameHeader.getByRole("button").click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(names).toHaveText(["Acme Srl", "Caffè Nero"]);
  await nameHeader.getByRole("button").click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await expect(names).toHaveText(["Caffè Nero", "Acme Srl"]);
  await nameHeader.getByRole("button").click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "none");

  await names.filter({ hasText: "Acme Srl" }).click();
  const edit = page.getByRole("dialog", { name: "Edit customer" });
  await edit.getByRole("textbox", { name: "VAT number" }).fill("IT01234567890");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Customer updated").last()).toBeVisible();

  await page.getByRole("button", { name: "Delete Caffè Nero" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete customer" });
  const deleteButton = confirm.getByRole("button", { name: "Delete", exact: true });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole("textbox", { name: "Confirmation text" }).fill("delete-caffe");
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole("textbox", { name: "Confirmation text" }).fill("delete-caffe-nero");
  await expect(deleteButton).toBeEnabled();
  await deleteButton.click();
  await expect(page.getByText("Customer deleted").last()).toBeVisible();
  await expect(names).toHaveText(["Acme Srl"]);

  const stored = await request.get(`/api/v1/organization/${organization.uid}/customer`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(await stored.json()).toEqual([
    expect.objectContaining({ nominative: "Acme Srl", vat_number: "IT01234567890" }),
  ]);
});

test("an admin adds a workflow status and deletes it, while the built-in ones cannot be deleted", async ({
  page,
  request,
}) => {
  const admin = await createOnboardedUser(request, { nominative: "Walter Flow" });
  const { organization } = await getMe(request, admin.token);
  await openSignedIn(page, admin.token, `/organization/${organization.uid}/workflows`);

  await expect(page.getByText("To be invoiced")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Open" })).toHaveCount(0);

  await page.getByRole("button", { name: "Add status" }).first().click();
  const modal = page.getByRole("dialog", { name: "New status" });
  await modal.getByRole("textbox", { name: "Name" }).fill("R");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("Name is required and needs at least 2 characters")).toBeVisible();
  await modal.getByRole("textbox", { name: "Name" }).fill("In review");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Status created").last()).toBeVisible();
  await expect(page.getByText("In review")).toBeVisible();

  await page.getByRole("button", { name: "Delete In review" }).click();
  await page.getByRole("dialog", { name: "Delete status?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Status deleted").last()).toBeVisible();
  await expect(page.getByText("In review")).toHaveCount(0);
});
