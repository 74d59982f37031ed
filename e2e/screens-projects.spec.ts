import { expect, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { openSignedIn } from "./support/helpers.ts";
import { createStudio, shot } from "./support/screens.ts";

/** The projects and tasks screens in both languages, desktop and phone, saved under e2e/screenshots/ for review. */
const languages = ["en", "it"] as const;
const texts = { en, it };

for (const language of languages) {
  const l = texts[language];
  test.describe(`project screens in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test("projects, a project and a task", async ({ page, request }) => {
      const { admin, headers, me, org, luca, sara } = await createStudio(request, language);
      const api = (path: string, data: unknown) =>
        request.post(`/api/v1/organization/${org}/${path}`, { headers, data });
      const uidOf = async (response: ReturnType<typeof api>) =>
        ((await (await response).json()) as { uid: string }).uid;

      const web = await uidOf(api("project-category", { name: "Web", color: "#228be6" }));
      await api("project-category", { name: "Branding", color: "#be4bdb" });
      await api("task-category", { name: "Design", color: "#fab005" });
      const caffe = await uidOf(api("customer", { nominative: "Caffè Nero S.r.l." }));
      const officine = await uidOf(api("customer", { nominative: "Officine Rossi" }));
      const project = await uidOf(
        api("project", {
          title: "Sito web Caffè Nero",
          customer_id: caffe,
          project_manager_id: me.uid,
          salesaccount: [luca.uid],
          responsible: [sara.uid],
          category_id: web,
          budget: 12000,
          project_type: 0,
          external_reference: "Q-2026-014",
          start_date: "2026-01-12",
          end_date: "2026-06-30",
          contact_name: "Marta",
          contact_surname: "Galli",
        }),
      );
      await api("project", {
        title: "App ordini",
        customer_id: officine,
        project_manager_id: luca.uid,
        salesaccount: [me.uid],
        budget: 30000,
        project_type: 1,
      });
      await api(`project/${project}/updates`, { status: "potential_risk", update: "Content is late", progress: 35 });
      await api(`project/${project}/links`, { title: "Brand book", url: "https://drive.example.com/brand" });
      await api(`project/${project}/note`, { note: "Kick-off on Monday; the logo comes first." });
      await api(`project/${project}/expense`, {
        title: "Stock photos",
        amount: 249.9,
        is_final_balance: true,
        is_billable: true,
      });
      await api(`project/${project}/expense`, { title: "Hosting", amount: 480 });
      const task = await uidOf(
        api("task", {
          name: "Wireframes",
          projectId: project,
          userId: sara.uid,
          priority: 40,
          dueDate: Date.now() - 3 * 864e5,
        }),
      );
      await api("task", { name: "Home page", projectId: project, userId: sara.uid, parentId: task });
      await api("task", { name: "Copy", projectId: project, userId: luca.uid, complete: true, priority: 20 });

      const list = `/user/${me.uid}/projects?organizationId=${org}`;
      await openSignedIn(page, admin.token, list, language);
      await expect(page.getByText("Sito web Caffè Nero").first()).toBeVisible();
      await shot(page, language, "40-my-projects");
      await page.goto(`${list}&v=all-projects`);
      await expect(page.getByRole("link", { name: "App ordini" })).toBeVisible();
      await shot(page, language, "41-all-projects");
      await page.getByRole("button", { name: l.projects.filters, exact: true }).click();
      await expect(page.getByRole("dialog", { name: l.projects.filter.title })).toBeVisible();
      await shot(page, language, "42-filter-modal");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: l.projects.categoriesButton }).click();
      await expect(page.getByText("Branding")).toBeVisible();
      await shot(page, language, "43-categories-drawer");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: l.projects.newProject }).first().click();
      await expect(page.getByRole("dialog", { name: l.projectForm.newTitle })).toBeVisible();
      await shot(page, language, "44-project-form");
      await page.keyboard.press("Escape");

      await page.goto(`/user/${me.uid}/projects/${project}?organizationId=${org}`);
      await expect(page.getByRole("heading", { name: "Sito web Caffè Nero" })).toBeVisible();
      await expect(page.getByText("Brand book")).toBeVisible();
      await shot(page, language, "45-project-details");
      // The link form refuses an address that is not a web or mail one, in the reader's language.
      await page.getByRole("button", { name: l.links.add }).click();
      const linkForm = page.getByRole("dialog", { name: l.links.newTitle });
      await linkForm.getByRole("textbox", { name: l.links.name }).fill("Script");
      await linkForm.getByRole("textbox", { name: l.links.url }).fill("javascript:alert(1)");
      await linkForm.getByRole("button", { name: l.common.save }).click();
      await expect(linkForm.getByText(l.links.validations.url)).toBeVisible();
      await shot(page, language, "45-link-address-refused");
      await page.keyboard.press("Escape");
      await page.getByRole("tab", { name: l.projectDetail.tabs.expenses }).click();
      await expect(page.getByText("Stock photos")).toBeVisible();
      await shot(page, language, "46-project-expenses");
      await page.getByRole("tab", { name: l.projectDetail.tabs.tasks }).click();
      await expect(page.getByRole("link", { name: "Wireframes" })).toBeVisible();
      await shot(page, language, "47-project-tasks");
      await page.getByRole("link", { name: "Wireframes" }).click();
      await expect(page.getByRole("dialog", { name: l.taskModal.editTitle })).toBeVisible();
      await shot(page, language, "48-task-modal");
      await page.keyboard.press("Escape");

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/user/${me.uid}/projects/${project}?organizationId=${org}`);
      await expect(page.getByRole("heading", { name: "Sito web Caffè Nero" })).toBeVisible();
      await shot(page, language, "49-project-phone");
      await page.goto(list);
      await expect(page.getByText("Sito web Caffè Nero").first()).toBeVisible();
      await shot(page, language, "50-my-projects-phone");
    });
  });
}
