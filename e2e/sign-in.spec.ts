import { expect, test } from "@playwright/test";
import { createOnboardedUser, password } from "./support/helpers.ts";

test("a user signs out after confirming, and signs in again", async ({ page, request }) => {
  const { email } = await createOnboardedUser(request, { nominative: "Linus Pauling" });

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/[0-9a-f-]+\/board$/);

  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Log out?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/board$/);

  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("session"))).toBeNull();

  await page.goto("/user/anyone/profile");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(email)).toBeVisible();
});

test("a wrong password shows the login error toast and keeps the user on the login page", async ({ page, request }) => {
  const { email } = await createOnboardedUser(request);

  await page.goto("/login");
  const submit = page.getByRole("button", { name: "Log in", exact: true });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Email").fill(email);
  await expect(submit).toBeDisabled();
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("not-the-password");
  await submit.click();

  await expect(page.getByRole("alert").filter({ hasText: "Login failed: wrong email or password" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
