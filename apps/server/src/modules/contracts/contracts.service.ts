import {
  type CalendarDate,
  type Contract,
  type ContractInput,
  can,
  contractInForce,
  periodsOverlap,
  type Role,
} from "@timetrap/domain";
import type { Database } from "../../db/database.js";
import { AppError, notFound } from "../../http/app-error.js";
import type { AuditService } from "../audit/audit.service.js";
import type { Member, OrganizationsService } from "../organizations/organizations.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { UsersService } from "../users/users.service.js";
import type { ContractQueries, ContractRow, ContractsRepository } from "./contracts.repository.js";

export type ContractsService = ReturnType<typeof createContractsService>;

function toContract(row: ContractRow): Contract {
  return {
    uid: row.id,
    user_id: row.userId,
    contract_type: row.contractType,
    contractual_hours: row.contractualHours,
    contractual_hours_by_day: row.contractualHoursByDay,
    hourly_cost: row.hourlyCost,
    productivity_target: row.productivityTarget,
    from_date: row.fromDate,
    to_date: row.toDate,
  };
}

/** dd/MM/yyyy, as the spec writes dates in forms and tables. */
const displayDate = (date: CalendarDate) => date.split("-").reverse().join("/");

function overlapMessage(other: Pick<Contract, "from_date" | "to_date">): string {
  const period =
    other.to_date === null
      ? `from ${displayDate(other.from_date)} with no end date`
      : `from ${displayDate(other.from_date)} to ${displayDate(other.to_date)}`;
  return `This contract overlaps the contract ${period}`;
}

const editUser = { action: "edit", subject: "user" } as const;

/** What the audit log keeps of a contract: every term, without the ids the event names already. */
const auditedTerms = ({ uid: _uid, user_id: _userId, ...terms }: Contract) => terms;

export function createContractsService({
  repository,
  organizations,
  users,
  audit,
}: {
  repository: ContractsRepository;
  organizations: OrganizationsService;
  users: UsersService;
  audit: AuditService;
}) {
  /** Contracts are read with read on user, or by the person they are about. */
  const readContractsOf = (actorId: string, userId: string) => ({
    allowed: (role: Role) => actorId === userId || can(role, "read", "user"),
    description: "read user",
  });

  /**
   * Runs a write about one user's contracts with that user's row locked: two requests adding contracts for
   * the same user run one after the other, so the overlap check of the second sees the first.
   */
  function writeContracts<T>(
    organizationId: string,
    userId: string,
    work: (queries: ContractQueries, tx: Database, member: Member) => Promise<T>,
  ): Promise<T> {
    return repository.transaction(async (queries, tx) => {
      if (!(await users.lockAccount({ userId, tx }))) throw notFound("User");
      const member = await organizations.requireMember({ organizationId, userId, tx });
      return work(queries, tx, member);
    });
  }

  /** The event of a contract's change, written in the change's transaction. */
  const contractEvent = (
    kind: "contract.created" | "contract.updated" | "contract.deleted",
    context: { actorId: string; organizationId: string; client: SessionClient; tx: Database; member: Member },
    change: { id: string; before: Contract | null; after: Contract | null },
  ) =>
    audit.record({
      kind,
      organizationId: context.organizationId,
      actorId: context.actorId,
      userId: context.member.userId,
      target: { type: "contract", id: change.id, label: context.member.nominative },
      client: context.client,
      before: change.before && auditedTerms(change.before),
      after: change.after && auditedTerms(change.after),
      tx: context.tx,
    });

  async function assertNoOverlap(
    queries: ContractQueries,
    organizationId: string,
    userId: string,
    period: Pick<Contract, "from_date" | "to_date">,
    exceptId?: string,
  ): Promise<void> {
    const existing = await queries.findContracts(organizationId, userId);
    const clash = existing
      .filter((row) => row.id !== exceptId)
      .map(toContract)
      .find((c) => periodsOverlap(c, period));
    if (clash) throw new AppError("CONFLICT", overlapMessage(clash));
  }

  async function requireContract(queries: ContractQueries, organizationId: string, userId: string, id: string) {
    const row = await queries.findContract(organizationId, userId, id);
    if (!row) throw notFound("Contract");
    return row;
  }

  return {
    /** Each user's contract in force on `date` (null without one), for the users list. */
    async contractsInForce({
      organizationId,
      userIds,
      date,
    }: {
      organizationId: string;
      userIds: readonly string[];
      date: CalendarDate;
    }): Promise<Map<string, Contract | null>> {
      const rows = await repository.findContractsOfUsers(organizationId, userIds);
      const contracts = rows.map(toContract);
      return new Map(
        userIds.map((userId) => [
          userId,
          contractInForce(
            contracts.filter((c) => c.user_id === userId),
            date,
          ),
        ]),
      );
    },

    /** A member's contracts, for the rules that count their days (the time off's allowance days). */
    async contractsOf({ organizationId, userId }: { organizationId: string; userId: string }): Promise<Contract[]> {
      return (await repository.findContracts(organizationId, userId)).map(toContract);
    },

    async listContracts({
      actorId,
      organizationId,
      userId,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
    }): Promise<Contract[]> {
      await organizations.authorize({ actorId, organizationId, right: readContractsOf(actorId, userId) });
      await organizations.requireMember({ organizationId, userId });
      return (await repository.findContracts(organizationId, userId)).map(toContract);
    },

    async createContract({
      actorId,
      organizationId,
      userId,
      input,
      client,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
      input: ContractInput;
      client: SessionClient;
    }): Promise<Contract> {
      await organizations.authorize({ actorId, organizationId, right: editUser });
      return writeContracts(organizationId, userId, async (queries, tx, member) => {
        await assertNoOverlap(queries, organizationId, userId, input);
        const contract = toContract(await queries.insertContract(organizationId, userId, input));
        const context = { actorId, organizationId, client, tx, member };
        await contractEvent("contract.created", context, { id: contract.uid, before: null, after: contract });
        return contract;
      });
    },

    /** Replaces the whole contract, as the modal sends it. */
    async updateContract({
      actorId,
      organizationId,
      userId,
      contractId,
      input,
      client,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
      contractId: string;
      input: ContractInput;
      client: SessionClient;
    }): Promise<Contract> {
      await organizations.authorize({ actorId, organizationId, right: editUser });
      return writeContracts(organizationId, userId, async (queries, tx, member) => {
        const before = toContract(await requireContract(queries, organizationId, userId, contractId));
        await assertNoOverlap(queries, organizationId, userId, input, contractId);
        const row = await queries.updateContract(contractId, input);
        if (!row) throw notFound("Contract");
        const after = toContract(row);
        await contractEvent(
          "contract.updated",
          { actorId, organizationId, client, tx, member },
          { id: contractId, before, after },
        );
        return after;
      });
    },

    async deleteContract({
      actorId,
      organizationId,
      userId,
      contractId,
      client,
    }: {
      actorId: string;
      organizationId: string;
      userId: string;
      contractId: string;
      client: SessionClient;
    }): Promise<void> {
      await organizations.authorize({ actorId, organizationId, right: editUser });
      await writeContracts(organizationId, userId, async (queries, tx, member) => {
        const before = toContract(await requireContract(queries, organizationId, userId, contractId));
        await queries.deleteContract(contractId);
        const context = { actorId, organizationId, client, tx, member };
        await contractEvent("contract.deleted", context, { id: contractId, before, after: null });
      });
    },
  };
}
