import { expect, type Locator, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { controlFakeGoogle, fakeGoogle } from "./support/google.ts";
import { createOnboardedUser, openSignedIn } from "./support/helpers.ts";
import { shot } from "./support/screens.ts";

/**
 * Issue 13's integrations page in both languages, against the fake Google of the global setup (FAKE_GOOGLE_URL): Google
 * Calendar turned on through the fake's consent page (denied once, then allowed), its entry in the sidebar, a refused
 * token that asks for reconnecting, and turning it off. Screens of each state, desktop and phone, go to
 * e2e/screenshots/.
 */
const texts = { en, it };
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? "");
const phone = { width: 390, height: 844 };
/**
 * The first wait after the browser comes back from the consent page: a whole page load (the app, the session, the
 * page's chunk and its request), which on a 2-core machine busy with other work has been seen to take 20 s.
 */
const pageLoad = { timeout: 60_000 };
const desktop = { width: 1366, height: 860 };

/** The page on a desktop, then on a phone, whose sidebar shows its icons only (as it starts on a narrow screen). */
async function shots(page: Page, language: "en" | "it", name: string) {
  const sidebar = texts[language].components.sidebar;
  await shot(page, language, `integrations-${name}`, { fullPage: true });
  await expectNoSeriousA11yViolations(page, `integrations page, ${name} (${language})`);
  await page.setViewportSize(phone);
  await page.getByRole("button", { name: sidebar.collapse }).click();
  await shot(page, language, `integrations-${name}-phone`, { fullPage: true });
  await page.getByRole("button", { name: sidebar.expand }).click();
  await page.setViewportSize(desktop);
}

/**
 * A click on the switch where a person clicks it: Mantine draws its track over the visually hidden input, so the
 * pointer lands on the track (inside the input's label), which Playwright's check for what receives the click refuses.
 */
async function flip(toggle: Locator) {
  await expect(toggle).toBeEnabled();
  await toggle.click({ force: true });
}

for (const language of ["en", "it"] as const) {
  test(`a person connects Google Calendar through its consent page, reconnects it once refused, and turns it off (${language})`, async ({
    page,
    request,
  }) => {
    // Three trips to the consent page and back, on a 2-core machine shared with other work.
    test.setTimeout(360_000);
    const l = texts[language];
    const t = l.integrations;
    const google = "Google Calendar";
    const person = await createOnboardedUser(request, { nominative: "Grace Hopper" });
    const saved = await request.patch(`/api/v1/user/${person.uid}`, {
      headers: { authorization: `Bearer ${person.token}` },
      data: { language },
    });
    expect(saved.status()).toBe(200);
    const path = `/user/${person.uid}/integrations`;
    await page.setViewportSize(desktop);
    await openSignedIn(page, person.token, path, language);
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible(pageLoad);

    const toggle = page.getByRole("switch", { name: fill(t.toggle, { service: google }) });
    const sidebar = page.getByRole("group", { name: l.menu.integrationsSection });
    const sidebarEntry = sidebar.getByRole("link", { name: google, exact: true });
    const row = page.getByTestId("integration-gcalendar");
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    // The other services are configured against their fakes: off, and free to connect.
    await expect(page.getByTestId("integration-todoist")).toContainText(t.status.notConnected);
    await expect(page.getByRole("switch", { name: fill(t.toggle, { service: "Jira" }) })).toBeEnabled();
    await expect(sidebarEntry).toHaveCount(0);
    await shots(page, language, "01-off");

    // Denied on the consent page: back on the page with the reason, still off.
    await flip(toggle);
    await expect(page).toHaveURL(new RegExp(`^${fakeGoogle()}/o/oauth2/v2/auth`), pageLoad);
    await expect(page.getByRole("heading", { name: "Sign in with Google (fake)" })).toBeVisible();
    await page.getByRole("button", { name: "Deny" }).click();
    await expect(page.getByText(fill(t.callback.accessDenied, { service: google }))).toBeVisible(pageLoad);
    await expect(page.getByText(fill(t.callback.failed, { service: google }))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(toggle).not.toBeChecked();
    await shot(page, language, "integrations-02-denied");

    // Allowed, as the person's own Google account: connected, with its entry in the sidebar.
    await flip(toggle);
    await expect(page).toHaveURL(new RegExp(`^${fakeGoogle()}/o/oauth2/v2/auth`), pageLoad);
    await page.getByLabel("Account").fill(person.email);
    await shot(page, language, "integrations-03-consent");
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText(fill(t.callback.connected, { service: google }))).toBeVisible(pageLoad);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(toggle).toBeChecked();
    await expect(row).toContainText(fill(t.detail.account, { email: person.email }));
    await expect(sidebarEntry).toHaveAttribute("href", `/user/${person.uid}/board?panel=gcalendar`);
    await shots(page, language, "04-connected");

    // Google refuses the stored tokens: the next call through the server marks it for reconnecting.
    await controlFakeGoogle(request, "refuse-refresh", { email: person.email });
    await controlFakeGoogle(request, "expire-access-tokens");
    const calendars = await request.get("/api/v1/connect/gcalendar/calendars", {
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(calendars.status()).toBe(409);
    await page.reload();
    const warning = row.getByRole("alert");
    await expect(warning).toContainText(fill(t.reconnect.title, { service: google }), pageLoad);
    await expect(row).toContainText(t.status.needsReconnect);
    await expect(toggle).toBeChecked();
    await shots(page, language, "05-needs-reconnect");

    await warning.getByRole("button", { name: t.reconnect.action }).click();
    await expect(page).toHaveURL(new RegExp(`^${fakeGoogle()}/o/oauth2/v2/auth`), pageLoad);
    await page.getByLabel("Account").fill(person.email);
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByText(fill(t.callback.connected, { service: google }))).toBeVisible(pageLoad);
    await expect(row.getByRole("alert")).toHaveCount(0);
    await expect(row).toContainText(t.status.connected);

    // Off at once (a redirect service asks nothing), and its sidebar entry gone.
    await flip(toggle);
    await expect(page.getByText(fill(t.disabled, { service: google }))).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(sidebarEntry).toHaveCount(0);
    await shot(page, language, "integrations-06-turned-off");
  });
}
