import {
  type Customer,
  type CustomerInput,
  canWriteCustomers,
  customerDeleteLabels,
  deletionSlug,
  isCustomerDeletionConfirmed,
  type Role,
} from "@timetrap/domain";
import { AppError, notFound } from "../../http/app-error.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import {
  type CustomerRow,
  type CustomersRepository,
  type CustomerValues,
  isCustomerInUseError,
} from "./customers.repository.js";

export type CustomersService = ReturnType<typeof createCustomersService>;

function toCustomer(row: CustomerRow): Customer {
  return {
    uid: row.id,
    nominative: row.nominative,
    email: row.email,
    fiscal_code: row.fiscalCode,
    vat_number: row.vatNumber,
    external_id: row.externalId,
  };
}

function toValues(input: CustomerInput): CustomerValues {
  return {
    nominative: input.nominative,
    email: input.email,
    fiscalCode: input.fiscal_code,
    vatNumber: input.vat_number,
    externalId: input.external_id,
  };
}

/** Customers are written from the organization pages and from the project form, so either right will do. */
function writeRight(action: "create" | "edit" | "delete") {
  return {
    allowed: (role: Role) => canWriteCustomers(role, action),
    description: `edit organization or ${action} project`,
  };
}

const readRight = { action: "read", subject: "organization" } as const;

function customerHasProjects(count: number): AppError {
  return new AppError(
    "CONFLICT",
    `This customer has projects: ${count} ${count === 1 ? "project refers" : "projects refer"} to it`,
  );
}

function slugMismatch(nominative: string): AppError {
  const message = `To delete this customer, confirm with "${deletionSlug(customerDeleteLabels.en, nominative)}"`;
  return new AppError("VALIDATION_FAILED", message, [{ field: "query.slug", message }]);
}

export function createCustomersService({
  repository,
  organizations,
}: {
  repository: CustomersRepository;
  organizations: OrganizationsService;
}) {
  return {
    /** Sorted by name, ignoring case. */
    async listCustomers({ actorId, organizationId }: { actorId: string; organizationId: string }): Promise<Customer[]> {
      await organizations.authorize({ actorId, organizationId, right: readRight });
      return (await repository.listByOrganization(organizationId)).map(toCustomer);
    },

    async createCustomer({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: CustomerInput;
    }): Promise<Customer> {
      await organizations.authorize({ actorId, organizationId, right: writeRight("create") });
      return toCustomer(await repository.insert(organizationId, toValues(input)));
    },

    /** Replaces every field, as the edit modal sends the whole customer. */
    async updateCustomer({
      actorId,
      organizationId,
      customerId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      customerId: string;
      input: CustomerInput;
    }): Promise<Customer> {
      await organizations.authorize({ actorId, organizationId, right: writeRight("edit") });
      const row = await repository.update(organizationId, customerId, toValues(input));
      if (!row) throw notFound("Customer");
      return toCustomer(row);
    },

    /**
     * Needs the slug typed in the confirmation dialog, in either language. A customer of a project stays: its
     * projects would lose their customer.
     */
    async deleteCustomer({
      actorId,
      organizationId,
      customerId,
      slug,
    }: {
      actorId: string;
      organizationId: string;
      customerId: string;
      slug: string;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: writeRight("delete") });
      try {
        await repository.transaction(async (repo) => {
          // Locked, so a project saved meanwhile waits for this delete instead of slipping past the count.
          const row = await repo.findById(organizationId, customerId, { lock: true });
          if (!row) throw notFound("Customer");
          if (!isCustomerDeletionConfirmed(slug, row.nominative)) throw slugMismatch(row.nominative);
          const projects = await repo.countProjects(organizationId, customerId);
          if (projects > 0) throw customerHasProjects(projects);
          await repo.delete(organizationId, customerId);
        });
      } catch (error) {
        // The foreign key still refuses what the lock could not prevent; the answer is the same 409, never a 500.
        if (isCustomerInUseError(error)) {
          throw customerHasProjects(Math.max(1, await repository.countProjects(organizationId, customerId)));
        }
        throw error;
      }
    },
  };
}
