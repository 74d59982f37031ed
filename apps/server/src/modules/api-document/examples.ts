import type {
  customerInputSchema,
  customerSchema,
  overheadInputSchema,
  overheadSchema,
  projectAreaInputSchema,
  projectAreaSchema,
  projectCategoryInputSchema,
  projectCategorySchema,
  taskCategoryInputSchema,
  taskCategorySchema,
  workflowStatusSchema,
} from "@timetrap/domain";
import type { z } from "zod";

/** What a client sends (a body's example). */
type In<S extends z.ZodType> = z.input<S>;
/** What the server answers (an answer's example). */
type Out<S extends z.ZodType> = z.output<S>;

/**
 * The examples of the OpenAPI document: one design studio in Milan, Studio Lumen S.r.l., its people, customers and
 * projects in 2026. The ids are shared, so that an answer's ids match the paths and bodies of the other examples.
 */
export const ids = {
  organization: "3f6c2a1e-8b4d-4e7a-9c1f-2d5e8a7b6c40",
  giulia: "7a1d9e52-3c84-4b6f-8e21-5f0a9c3d7b18",
  marco: "b4e8f1a3-6d27-4c95-a0b2-1e7f3c8d9a65",
  acme: "c2d94f17-5a3e-4b88-9d61-0e4b7a2c8f53",
  artDirection: "4fbd7c6d-8a5b-4e9c-8207-c16e9a0b5f48",
  brandIdentity: "6a1c9e7f-2b4d-4f0a-9318-d27fab1c6a59",
  graphicDesign: "7b2daf80-3c5e-4a1b-a429-e380bc2d7b6a",
} as const;

// Customers

export const customerInputExample: In<typeof customerInputSchema> = {
  nominative: "Acme S.r.l.",
  email: "amministrazione@acme.it",
  fiscal_code: "01234567890",
  vat_number: "IT01234567890",
  external_id: "CRM-0042",
};

export const customerExample: Out<typeof customerSchema> = {
  uid: ids.acme,
  nominative: "Acme S.r.l.",
  email: "amministrazione@acme.it",
  fiscal_code: "01234567890",
  vat_number: "IT01234567890",
  external_id: "CRM-0042",
};

// Overheads

export const overheadInputExample: In<typeof overheadInputSchema> = {
  amount: 4200,
  from_date: "2026-01-01",
  to_date: "2026-12-31",
};

export const overheadExample: Out<typeof overheadSchema> = {
  uid: "5d2e8c41-7f3a-4b96-8a05-3c9e1b6d4f72",
  amount: 4200,
  from_date: "2026-01-01",
  to_date: "2026-12-31",
};

// Workflow statuses

export const workflowStatusExamples: Out<typeof workflowStatusSchema>[] = [
  {
    uid: "0b7f3e29-4c1d-4a58-9e63-8d2a5c7f1b04",
    key: "open",
    name: "Open",
    editable: false,
    selected_by_default: true,
  },
  {
    uid: "1c8a4f3a-5d2e-4b69-8f74-9e3b6d8a2c15",
    key: "to_be_invoiced",
    name: "To be invoiced",
    editable: false,
    selected_by_default: false,
  },
  {
    uid: "2d9b5a4b-6e3f-4c7a-a085-af4c7e9b3d26",
    key: "completed",
    name: "Completed",
    editable: false,
    selected_by_default: false,
  },
  {
    uid: "3eac6b5c-7f4a-4d8b-b196-b05d8fac4e37",
    key: "in_review",
    name: "In review",
    editable: true,
    selected_by_default: false,
  },
];
export const workflowStatusExample = workflowStatusExamples[3] as Out<typeof workflowStatusSchema>;

// Task categories

export const taskCategoryInputExample: In<typeof taskCategoryInputSchema> = {
  name: "Art direction",
  color: "#7c3aed",
  is_used_for_tasks: true,
  is_used_for_planning: true,
};

export const taskCategoryExample: Out<typeof taskCategorySchema> = {
  uid: ids.artDirection,
  name: "Art direction",
  color: "#7c3aed",
  is_used_for_tasks: true,
  is_used_for_planning: true,
};

// Project categories and areas

export const projectCategoryInputExample: In<typeof projectCategoryInputSchema> = {
  name: "Brand identity",
  color: "#0ea5e9",
};
export const projectCategoryExample: Out<typeof projectCategorySchema> = {
  uid: ids.brandIdentity,
  name: "Brand identity",
  color: "#0ea5e9",
};
export const projectAreaInputExample: In<typeof projectAreaInputSchema> = { name: "Graphic design" };
export const projectAreaExample: Out<typeof projectAreaSchema> = { uid: ids.graphicDesign, name: "Graphic design" };
