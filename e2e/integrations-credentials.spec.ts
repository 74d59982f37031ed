import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { bearer } from "./support/board.ts";
import { createOnboardedUser, openSignedIn } from "./support/helpers.ts";
import { controlFake, fakeUrl, runTag } from "./support/item-services.ts";
import { shot } from "./support/screens.ts";
import { fill, type Language, texts } from "./support/texts.ts";

/**
 * Issue 15's credentials services on the integrations page, in both languages, against the fakes of the global setup:
 * Paymo and Jira connected through the credentials modal (a wrong key first: the service's refusal in the modal, the
 * values kept; then the right one: connected), the write-back switch turned off and on again, and a credentials
 * service turned off after its confirmation. Screens of the modal and the page, at desktop width and at 1280 px, go to
 * e2e/screenshots/.
 */
const desktop = { width: 1366, height: 860 };
const laptop = { width: 1280, height: 800 };
const pageLoad = { timeout: 60_000 };

/** A picture at desktop width, then at 1280 px. */
async function shots(page: Page, language: Language, name: string, options: { fullPage?: boolean } = {}) {
  await shot(page, language, `integrations-credentials-${name}`, options);
  await page.setViewportSize(laptop);
  await shot(page, language, `integrations-credentials-${name}-1280`, options);
  await page.setViewportSize(desktop);
}

/** A click on a switch where a person clicks it: Mantine draws its track over the visually hidden input. */
async function flip(toggle: Locator) {
  await expect(toggle).toBeEnabled();
  await toggle.click({ force: true });
}

async function integrationOf(request: APIRequestContext, person: { uid: string; token: string }, service: string) {
  const response = await request.get(`/api/v1/user/${person.uid}/integrations`, { headers: bearer(person.token) });
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as {
    services: { service: string; integration: { write_back: boolean; metadata: { domain: string | null } } | null }[];
  };
  return answer.services.find((state) => state.service === service)?.integration ?? null;
}

for (const language of ["en", "it"] as const) {
  test(`a person connects Paymo and Jira through the credentials modal, a wrong key first, and turns write-back off and on (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const t = texts[language].integrations;
    const person = await createOnboardedUser(request, { nominative: "Ada Lovelace" });
    const saved = await request.patch(`/api/v1/user/${person.uid}`, {
      headers: bearer(person.token),
      data: { language },
    });
    expect(saved.status()).toBe(200);
    const paymoKey = `paymo-${runTag(12).toLowerCase()}`;
    await controlFake(request, "paymo", "keys", { apiKey: paymoKey, name: "Ada Lovelace", email: person.email });
    const jiraToken = `jira-${runTag(12).toLowerCase()}`;
    await controlFake(request, "jira", "accounts", {
      email: person.email,
      apiToken: jiraToken,
      displayName: "Ada Lovelace",
    });

    await page.setViewportSize(desktop);
    await openSignedIn(page, person.token, `/user/${person.uid}/integrations`, language);
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible(pageLoad);
    const connect = t.credentials.connect;
    const failedTitle = (service: string) => fill(t.callback.failed, { service });

    // Paymo: the key Paymo does not know, then the right one.
    const paymoToggle = page.getByRole("switch", { name: fill(t.toggle, { service: "Paymo" }) });
    await flip(paymoToggle);
    let modal = page.getByRole("dialog", { name: fill(t.credentials.title, { service: "Paymo" }) });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("button", { name: connect })).toBeDisabled();
    const paymoKeyField = modal.getByLabel(t.credentials.apiKey, { exact: false });
    await paymoKeyField.fill("not-a-paymo-key");
    await shots(page, language, "01-paymo-modal");
    await modal.getByRole("button", { name: connect }).click();
    let refusal = modal.getByRole("alert");
    await expect(refusal).toContainText(failedTitle("Paymo"));
    await expect(refusal).toContainText("Paymo");
    await expect(modal).toBeVisible();
    await expect(paymoKeyField).toHaveValue("not-a-paymo-key");
    await expect(paymoToggle).not.toBeChecked();
    await shots(page, language, "02-paymo-refused");
    await paymoKeyField.fill(paymoKey);
    await modal.getByRole("button", { name: connect }).click();
    await expect(page.getByText(fill(t.callback.connected, { service: "Paymo" }))).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(paymoToggle).toBeChecked();
    await expect(page.getByTestId("integration-paymo")).toContainText(t.status.connected);

    // Jira: the account's e-mail, the site as the fake's address, and a token the site refuses, then the right one.
    const jiraToggle = page.getByRole("switch", { name: fill(t.toggle, { service: "Jira" }) });
    await flip(jiraToggle);
    modal = page.getByRole("dialog", { name: fill(t.credentials.title, { service: "Jira" }) });
    await expect(modal).toBeVisible();
    const email = modal.getByRole("textbox", { name: t.credentials.email });
    const site = modal.getByRole("textbox", { name: t.credentials.domain });
    const token = modal.getByLabel(t.credentials.apiToken, { exact: false });
    await email.fill(person.email);
    // A site that is no address is refused before anything is sent.
    await site.fill("not a site");
    await token.fill("wrong-token");
    await modal.getByRole("button", { name: connect }).click();
    await expect(site).toHaveAccessibleDescription(t.credentials.invalidDomain);
    const jiraSite = new URL(fakeUrl("jira")).host;
    await site.fill(`http://${jiraSite}/jira/your-work`);
    await modal.getByRole("button", { name: connect }).click();
    refusal = modal.getByRole("alert");
    await expect(refusal).toContainText(failedTitle("Jira"));
    await expect(refusal).toContainText("Jira");
    await expect(email).toHaveValue(person.email);
    await expect(site).toHaveValue(`http://${jiraSite}/jira/your-work`);
    await expect(token).toHaveValue("wrong-token");
    await expect(jiraToggle).not.toBeChecked();
    await shots(page, language, "03-jira-refused");
    await token.fill(jiraToken);
    await modal.getByRole("button", { name: connect }).click();
    await expect(page.getByText(fill(t.callback.connected, { service: "Jira" }))).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(jiraToggle).toBeChecked();
    const jiraRow = page.getByTestId("integration-jira");
    await expect(jiraRow).toContainText(fill(t.detail.accountOnSite, { email: person.email, site: jiraSite }));
    // The site is kept as its host, as the server normalizes it.
    expect((await integrationOf(request, person, "jira"))?.metadata.domain).toBe(jiraSite);

    // Write-back: on by default, off, then on again; the integration stays connected.
    const writeBack = page.getByRole("switch", { name: fill(t.writeBack.label, { service: "Jira" }) });
    await expect(writeBack).toBeChecked();
    await expect(writeBack).toHaveAccessibleDescription(t.writeBack.jira);
    await expect(page.getByRole("switch", { name: fill(t.writeBack.label, { service: "Paymo" }) })).toBeChecked();
    // The toast gone first: it would cover Jira's row in the picture.
    await expect(page.getByText(fill(t.callback.connected, { service: "Jira" }))).toBeHidden({ timeout: 15_000 });
    await shots(page, language, "04-connected", { fullPage: true });
    await expectNoSeriousA11yViolations(page, `integrations page, Paymo and Jira connected (${language})`);
    await flip(writeBack);
    await expect(page.getByText(fill(t.writeBack.off, { service: "Jira" }))).toBeVisible();
    await expect(writeBack).not.toBeChecked();
    await expect.poll(async () => (await integrationOf(request, person, "jira"))?.write_back).toBe(false);
    await flip(writeBack);
    await expect(page.getByText(fill(t.writeBack.on, { service: "Jira" }))).toBeVisible();
    await expect(writeBack).toBeChecked();
    await expect.poll(async () => (await integrationOf(request, person, "jira"))?.write_back).toBe(true);
    await expect(jiraToggle).toBeChecked();

    // Turning a credentials service off asks first (spec): cancelled, nothing changes; confirmed, it is off.
    await flip(paymoToggle);
    let confirm = page.getByRole("dialog", { name: t.disable.title });
    await expect(confirm).toContainText(fill(t.disable.message, { service: "Paymo" }));
    await shots(page, language, "05-turn-off");
    await confirm.getByRole("button", { name: texts[language].common.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(paymoToggle).toBeChecked();
    await flip(paymoToggle);
    confirm = page.getByRole("dialog", { name: t.disable.title });
    await confirm.getByRole("button", { name: t.disable.confirm }).click();
    await expect(page.getByText(fill(t.disabled, { service: "Paymo" }))).toBeVisible();
    await expect(paymoToggle).not.toBeChecked();
    expect(await integrationOf(request, person, "paymo")).toBeNull();
  });
}
