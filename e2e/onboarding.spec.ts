import { expect, test } from "@playwright/test";
import { createOnboardedUser, password, uniqueDomain, uniqueEmail } from "./support/helpers.ts";

test("a newcomer signs up, accepts the terms, creates an organization and sees the shell", async ({
  page,
  request,
}) => {
  // A domain already held by another organization: the new organization is created without it.
  const takenDomain = uniqueDomain("taken");
  await createOnboardedUser(request, { organization: "Other Co", domains: [takenDomain] });
  const freeDomain = uniqueDomain("acme");

  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup$/);

  const submit = page.getByRole("button", { name: "Sign up" });
  await page.getByLabel("Full name").fill("Grace Hopper");
  await page.getByLabel("Email").fill(uniqueEmail("grace"));
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("textbox", { name: "Confirm password" }).fill(`${password}!`);
  await expect(submit).toBeDisabled();
  await page.getByRole("textbox", { name: "Confirm password" }).fill(password);
  await submit.click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Welcome, Grace Hopper!")).toBeVisible();
  await expect(dialog.getByText("Complete registration")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();

  const confirmTerms = dialog.getByRole("button", { name: "Confirm" });
  await expect(confirmTerms).toBeDisabled();
  await dialog.getByRole("checkbox", { name: /terms and conditions/ }).check();
  await expect(confirmTerms).toBeDisabled();
  await dialog.getByRole("checkbox", { name: /privacy policy/ }).check();
  await confirmTerms.click();

  await expect(dialog.getByText("Enter your company name")).toBeVisible();
  await dialog.getByLabel("Organization name").fill("Hopper Labs");
  const domainInput = dialog.getByRole("textbox", { name: "Email domains" });
  const addDomain = dialog.getByRole("button", { name: "Add", exact: true });
  await domainInput.fill("not a domain");
  await expect(addDomain).toBeDisabled();
  await domainInput.fill(freeDomain.toUpperCase());
  await addDomain.click();
  await domainInput.fill(takenDomain);
  await addDomain.click();
  await dialog.getByRole("button", { name: "Confirm" }).click();

  const alert = page.getByRole("dialog").filter({ hasText: "Some domains were not saved" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(takenDomain);
  await expect(alert).not.toContainText(freeDomain);
  await alert.getByRole("button", { name: "OK" }).click();

  await expect(page).toHaveURL(/\/user\/[0-9a-f-]+\/board$/);
  const sidebar = page.getByRole("navigation", { name: "Main navigation" });
  for (const entry of ["Board", "Tasks", "Team plan", "Dashboard", "Projects", "Organization"]) {
    await expect(sidebar.getByText(entry, { exact: true }).first()).toBeVisible();
  }
  // The shell opens on the board.
  await expect(page.getByRole("button", { name: "Board preferences" })).toBeVisible();
});
