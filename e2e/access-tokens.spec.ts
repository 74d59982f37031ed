import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { createOnboardedUser, getMe, openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * A person makes an API token in the profile, a script calls the API with it, the person revokes it and the script is
 * refused; on the way the profile's API tokens section, the dialog that shows the token once and the organization's
 * list are saved under e2e/screenshots/ for review, in both languages.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
const desktop = { width: 1366, height: 1100 };
const phone = { width: 390, height: 844 };

for (const language of ["en", "it"] as const) {
  test(`a token made in the profile calls the API as its person until it is revoked (${language})`, async ({
    page,
    request,
  }) => {
    const a = texts[language].accessTokens;
    const nominative = language === "it" ? "Rita Levi-Montalcini" : "Grace Hopper";
    const account = await createOnboardedUser(request, { nominative });
    const headers = { authorization: `Bearer ${account.token}` };
    expect((await request.patch(`/api/v1/user/${account.uid}`, { headers, data: { language } })).status()).toBe(200);
    const { organization } = await getMe(request, account.token);
    const tokenName = language === "it" ? "Esportazione fatture" : "Invoice export";
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

    await page.setViewportSize(desktop);
    await openSignedIn(page, account.token, `/user/${account.uid}/profile`, language);
    const section = page.getByRole("region", { name: a.title });
    await expect(section.getByText(a.empty)).toBeVisible();
    await expect(
      section.getByRole("link", { name: language === "it" ? "riferimento dell'API" : "API reference" }),
    ).toHaveAttribute("href", "/api/docs");

    await section.getByRole("button", { name: a.new }).click();
    let dialog = page.getByRole("dialog", { name: a.form.title });
    await dialog.getByRole("button", { name: a.form.create }).click();
    await expect(dialog.getByText(a.validations.nameRequired)).toBeVisible();
    await dialog.getByRole("textbox", { name: a.form.name }).fill(tokenName);
    await dialog.getByRole("combobox", { name: a.form.expiry }).click();
    await page.getByRole("option", { name: a.form.days30 }).click();
    await shot(page, language, "access-tokens-new-dialog");
    await dialog.getByRole("button", { name: a.form.create }).click();

    dialog = page.getByRole("dialog", { name: a.shown.title });
    const field = dialog.getByRole("textbox", { name: fill(a.shown.label, { name: tokenName }) });
    await expect(field).toHaveValue(/^tt_pat_[A-Za-z0-9_-]{43}$/);
    const token = await field.inputValue();
    await dialog.getByRole("button", { name: a.shown.copy }).click();
    await expect(dialog.getByRole("button", { name: a.shown.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shot(page, language, "access-tokens-shown-once");
    await page.setViewportSize(phone);
    await shot(page, language, "access-tokens-shown-once-phone");
    await page.setViewportSize(desktop);
    await dialog.getByRole("button", { name: a.shown.done }).click();
    await expect(dialog).toBeHidden();

    const rows = section.getByTestId("access-token-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(tokenName);
    await expect(rows.first()).toContainText(a.scopes.read);
    await expect(rows.first()).toContainText(`${token.slice(0, "tt_pat_".length + 4)}…`);
    await expect(rows.first()).toContainText(a.neverUsed);
    await expect(page.getByText(token)).toHaveCount(0);

    // A script, with the token as its bearer: it acts as the person.
    const asScript = { authorization: `Bearer ${token}` };
    const me = await request.get("/api/v1/auth/me", { headers: asScript });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { uid: string }).uid).toBe(account.uid);

    await page.reload();
    await expect(rows.first()).toContainText(fill(a.uses, { count: "1" }));
    await section.scrollIntoViewIfNeeded();
    await shot(page, language, "access-tokens-profile");

    // The sidebar chooses its width when the page loads.
    await page.setViewportSize(phone);
    await page.reload();
    await expect(rows).toHaveCount(1);
    await section.scrollIntoViewIfNeeded();
    await shot(page, language, "access-tokens-profile-phone");
    await section.getByRole("button", { name: a.new }).click();
    await expect(page.getByRole("dialog", { name: a.form.title })).toBeVisible();
    await shot(page, language, "access-tokens-new-dialog-phone");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    // The organization's admin sees the token, and whose it is.
    await page.setViewportSize(desktop);
    await page.goto(`/organization/${organization.uid}`);
    const organizationSection = page.getByRole("region", { name: a.title });
    const organizationRows = organizationSection.getByTestId("organization-access-token-row");
    await expect(organizationRows).toHaveCount(1);
    await expect(organizationRows.first()).toContainText(nominative);
    await expect(organizationRows.first()).toContainText(tokenName);
    await organizationSection.scrollIntoViewIfNeeded();
    await shot(page, language, "access-tokens-organization");

    await page.goto(`/user/${account.uid}/profile`);
    await section.getByRole("button", { name: fill(a.revokeLabel, { name: tokenName }) }).click();
    const confirmation = page.getByRole("dialog", { name: a.confirmRevokeTitle });
    await expect(confirmation).toContainText(fill(a.confirmRevokeMessage, { name: tokenName }));
    await confirmation.getByRole("button", { name: a.revoke }).click();
    await expect(page.getByText(fill(a.revoked, { name: tokenName }))).toBeVisible();
    await expect(rows).toHaveCount(0);
    await expect(section.getByText(a.empty)).toBeVisible();

    expect((await request.get("/api/v1/auth/me", { headers: asScript })).status()).toBe(401);
    // The person's own session is untouched.
    expect((await request.get("/api/v1/auth/me", { headers })).status()).toBe(200);
  });
}
