import { screen, waitFor, within } from "@testing-library/react";
import type { Project } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { chooseOption } from "../../../testing/combobox";
import { errorResponse, jsonResponse } from "../../../testing/fetch-stub";
import { renderApp, renderWithProviders } from "../../../testing/render";
import {
  buildProject,
  customers,
  ids,
  people,
  projectsRoute,
  projectsServer,
  signedInUser,
} from "../projects-test-server";
import { ProjectFormModal } from "./project-form-modal";

const newCustomerId = "5f0c1c1e-0000-4000-8000-0000000000a9";

const silenceErrors = () => vi.spyOn(console, "error").mockImplementation(() => {});

describe("project form", () => {
  it("names every missing required field and sends nothing", async () => {
    const fetch = projectsServer();
    const { user } = renderApp({ route: projectsRoute() });
    await user.click((await screen.findAllByRole("button", { name: "Add project" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New project" });

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Title is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Customer is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Project manager is required")).toBeInTheDocument();
    expect(within(dialog).getByText("At least one account manager is required")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/project")).toHaveLength(0);
  });

  it("shows the validation messages in Italian", async () => {
    projectsServer({ me: signedInUser({ language: "it" }) });
    const { user } = renderApp({ route: projectsRoute() });
    await user.click((await screen.findAllByRole("button", { name: "Aggiungi progetto" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Nuovo progetto" });
    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "mario@");
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(within(dialog).getByText("Il titolo è obbligatorio")).toBeInTheDocument();
    expect(within(dialog).getByText("Il cliente è obbligatorio")).toBeInTheDocument();
    expect(within(dialog).getByText("Serve almeno un account manager")).toBeInTheDocument();
    expect(within(dialog).getByText("L'indirizzo email non è valido")).toBeInTheDocument();
  });

  it("creates a customer from what was typed, selects it, and creates the project with the open status", async () => {
    let created: Project | null = null;
    const fetch = projectsServer({
      routes: {
        "POST /api/v1/organization/org-1/customer": ({ body }) =>
          jsonResponse({ ...customers[0], ...(body as object), uid: newCustomerId }, 201),
        "POST /api/v1/organization/org-1/project": ({ body }) => {
          const input = body as { title: string };
          created = buildProject({ uid: "p-new", title: input.title });
          return jsonResponse(created, 201);
        },
      },
    });
    const { user } = renderApp({ route: projectsRoute() });
    await user.click((await screen.findAllByRole("button", { name: "Add project" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New project" });
    // The organization's "open" status is the one shown before any choice.
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Status" })).toHaveValue("Open"));

    await user.click(within(dialog).getByRole("textbox", { name: /^Title/ }));
    await user.paste("Brand refresh");
    const customer = within(dialog).getByRole("combobox", { name: /^Customer/ });
    await user.type(customer, "acme");
    expect(await screen.findByRole("option", { name: "Acme Corp", hidden: true })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Create customer “acme”", hidden: true })).toBeInTheDocument();
    // A name that exists, whatever its case, is picked rather than created again.
    await user.type(customer, " CORP");
    await waitFor(() =>
      expect(screen.queryByRole("option", { name: /^Create customer/, hidden: true })).not.toBeInTheDocument(),
    );
    await user.clear(customer);
    await user.paste("Newco Srl");
    await user.click(await screen.findByRole("option", { name: "Create customer “Newco Srl”", hidden: true }));

    expect(await screen.findByText("Customer created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/customer")[0]?.body).toEqual({
      nominative: "Newco Srl",
      email: null,
      fiscal_code: null,
      vat_number: null,
      external_id: null,
    });
    await waitFor(() => expect(customer).toHaveValue("Newco Srl"));

    await chooseOption(user, /^Project manager/, "Grace Hopper", dialog);
    await chooseOption(user, /^Account managers/, "Alan Turing", dialog);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Project created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/project")[0]?.body).toEqual({
      title: "Brand refresh",
      customer_id: newCustomerId,
      project_manager_id: ids.grace,
      status_id: ids.open,
      category_id: null,
      area_id: null,
      external_reference: null,
      not_billable: false,
      budget: 0,
      marginability_percentage: 30,
      tolerance_days: null,
      project_type: null,
      contact_name: null,
      contact_surname: null,
      contact_email: null,
      contact_role: null,
      description: null,
      start_date: null,
      end_date: null,
      closing_date: null,
      salesaccount: [ids.alan],
      responsible: [],
      accountable: [],
      consulted: [],
      informed: [],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The list is asked again after the change.
    expect(fetch.requestsTo("GET", "/api/v1/organization/org-1/project").length).toBeGreaterThan(1);
    expect(created).not.toBeNull();
  });

  it("shows the server's refusal in a toast and keeps the form open", async () => {
    silenceErrors();
    projectsServer({
      routes: {
        "POST /api/v1/organization/org-1/project": () =>
          errorResponse(403, "PLAN_LIMIT_REACHED", "Your plan allows 5 projects. Upgrade the plan to add more"),
      },
    });
    const { user } = renderApp({ route: projectsRoute() });
    await user.click((await screen.findAllByRole("button", { name: "Add project" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New project" });
    await user.type(within(dialog).getByRole("textbox", { name: /^Title/ }), "One too many");
    await chooseOption(user, /^Customer/, "Bottega Verde", dialog);
    await chooseOption(user, /^Project manager/, "Ada Lovelace", dialog);
    await chooseOption(user, /^Account managers/, "Ada Lovelace", dialog);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Your plan allows 5 projects. Upgrade the plan to add more")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "New project" })).toBeInTheDocument();
  });

  it("edits a project with its team by tag and its dates, and hands back the saved project", async () => {
    const project = buildProject({
      uid: "p-web",
      title: "Website",
      budget: 5000,
      project_type: 2,
      members: [
        { user: people.grace, tags: ["sales", "responsible"] },
        { user: people.alan, tags: ["informed"] },
      ],
    });
    const fetch = projectsServer({
      me: signedInUser(),
      routes: {
        "PATCH /api/v1/organization/org-1/project/p-web": ({ body }) =>
          jsonResponse({ ...project, title: (body as { title: string }).title }),
      },
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <ProjectFormModal opened organizationId="org-1" project={project} onClose={onClose} onSaved={onSaved} />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Edit project" });
    expect(within(dialog).getByRole("combobox", { name: "Project type" })).toHaveValue("Cost-based");
    const title = within(dialog).getByRole("textbox", { name: /^Title/ });
    await user.clear(title);
    await user.type(title, "Website 2");
    await user.type(within(dialog).getByRole("textbox", { name: "Start date" }), "15/01/2025");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Project updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/project/p-web")[0]?.body).toMatchObject({
      title: "Website 2",
      customer_id: ids.acme,
      project_manager_id: ids.me,
      status_id: ids.open,
      budget: 5000,
      project_type: 2,
      start_date: "2025-01-15",
      salesaccount: [ids.grace],
      responsible: [ids.grace],
      informed: [ids.alan],
      accountable: [],
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ uid: "p-web", title: "Website 2" }));
    expect(onClose).toHaveBeenCalled();
  });
});
