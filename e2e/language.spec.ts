import { expect, test } from "@playwright/test";
import { createOnboardedUser, password } from "./support/helpers.ts";

test("a user switches the language to Italian on the profile and sees the shell in Italian", async ({
  page,
  request,
}) => {
  const { email } = await createOnboardedUser(request);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/board$/);

  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("main").getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "Italiano" }).click();
  await page.getByRole("main").getByRole("button", { name: "Save" }).click();

  const sidebar = page.getByRole("navigation", { name: "Navigazione principale" });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByText("Pianificazione")).toBeVisible();

  // The choice is kept on the account: a new session starts in Italian.
  await page.evaluate(() => localStorage.clear());
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: /^(Log in|Accedi)$/ }).click();
  await expect(page.getByRole("navigation", { name: "Navigazione principale" })).toBeVisible();
});
