import { expect, test } from "@playwright/test";
import { createOnboardedUser, waitForMail } from "./support/helpers.ts";

test("a user recovers a lost password through the e-mailed link", async ({ page, request }) => {
  const { email } = await createOnboardedUser(request);
  const newPassword = "amber-lighthouse-quietly-73";

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/lost-password$/);
  const send = page.getByRole("button", { name: "Send recovery link" });
  await expect(send).toBeDisabled();
  await page.getByLabel("Email").fill(email);
  await send.click();
  await expect(page.getByText("If the address is registered")).toBeVisible();

  // The sign-up's verification e-mail went to the same address first.
  const mail = await waitForMail(email, /\/change-password\?/);
  const link = mail.text.match(/https?:\/\/\S+\/change-password\?\S+/)?.[0];
  expect(link, "the e-mail carries a change-password link").toBeTruthy();

  await page.goto(link!);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  const confirm = page.getByRole("button", { name: "Confirm" });
  await page.getByRole("textbox", { name: "New password" }).fill(newPassword);
  await expect(confirm).toBeDisabled();
  await page.getByRole("textbox", { name: "Confirm password" }).fill(newPassword);
  await confirm.click();
  await expect(page.getByText("Action executed successfully")).toBeVisible();
  // Owning the mailbox proved who they are: the new password signs them in.
  await expect(page).toHaveURL(/\/user\/[0-9a-f-]+\/board$/);

  // The link works once, even for someone who is signed in when they open it again.
  await page.goto(link!);
  await page.getByRole("textbox", { name: "New password" }).fill("copper-meadow-riverbank-58");
  await page.getByRole("textbox", { name: "Confirm password" }).fill("copper-meadow-riverbank-58");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /invalid|expired|went wrong/i })).toBeVisible();

  await page.evaluate(() => localStorage.removeItem("session"));
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/board$/);
});

test("a change-password link without a token says so and sends nothing", async ({ page }) => {
  await page.goto("/change-password?email=someone%40example.com");
  await expect(page.getByText("Missing token")).toBeVisible();
});
