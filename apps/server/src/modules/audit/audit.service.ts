import {
  type AuditEvent,
  type AuditKind,
  type AuditPage,
  type AuditQuery,
  type AuditValues,
  addCalendarDays,
  auditCsv,
  decodeAuditCursor,
  deviceOf,
  encodeAuditCursor,
  instantAt,
  type SecurityEventsQuery,
  securityKinds,
} from "@timetrap/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { SessionClient } from "../sessions/session-client.js";
import type { UsersService } from "../users/users.service.js";
import type { AuditEventRow, AuditFilter, AuditRepository } from "./audit.repository.js";

/** One event to record (decision 020). */
export interface AuditEntry {
  kind: AuditKind;
  /** The organization whose log shows it; null for an account outside any. */
  organizationId: string | null;
  /** Who did it; null when nobody was signed in. */
  actorId: string | null;
  /** Whose account it concerns (the profile's security events); null when it concerns nobody's account. */
  userId: string | null;
  target?: { type: string; id: string | null; label: string | null };
  /** The request's address and user agent, as the sessions keep them; null for work no request asked for. */
  client: SessionClient | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
  /** The change's own transaction: the event is written with it, or neither is. */
  tx?: Database;
}

export type AuditService = ReturnType<typeof createAuditService>;

/** A reading of an organization's log: who asks, its filters, and the zone its dates are days in. */
interface OrganizationEventsInput {
  actorId: string;
  organizationId: string;
  query: AuditQuery;
  timeZone: string | null;
}

/** A user agent is kept whole up to this length: enough for any real browser's, not a place to store a novel. */
const userAgentLimit = 512;
const pruneBatch = 1000;

export function createAuditService({ repository, logger }: { repository: AuditRepository; logger: FastifyBaseLogger }) {
  /**
   * Writes one event. Inside the change's transaction a failure undoes the change with it (the caller sees the
   * error, and nothing happened unrecorded); after a change already committed, a failure is logged and swallowed:
   * answering 500 for a done change would make the client try it again (decision 020).
   */
  async function record({ tx, client, target, before, after, ...entry }: AuditEntry): Promise<void> {
    const values = {
      ...entry,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      targetLabel: target?.label ?? null,
      ip: client?.ip ?? "",
      device: (client?.userAgent ?? "").slice(0, userAgentLimit),
      before: before ?? null,
      after: after ?? null,
    };
    if (tx) {
      await repository.insert(values, tx);
      return;
    }
    try {
      await repository.insert(values);
    } catch (err) {
      logger.error({ err, kind: entry.kind }, "audit event not written");
    }
  }

  return {
    record,

    /**
     * Writes the event unless the same person already has one of its kind within `windowMs`: for events an anonymous
     * caller can repeat at will (each sign-in refused by the limits), one row per window says as much as a thousand.
     */
    async recordUnlessRecent(entry: AuditEntry & { userId: string }, windowMs: number): Promise<void> {
      try {
        if (await repository.hasSince(entry.userId, entry.kind, new Date(Date.now() - windowMs))) return;
      } catch (err) {
        logger.error({ err, kind: entry.kind }, "audit event not checked");
      }
      await record(entry);
    },

    /** Deletes every event older than the two years' retention, a batch at a time; answers how many went. */
    async pruneExpired(): Promise<number> {
      let total = 0;
      for (;;) {
        const deleted = await repository.pruneBatch(pruneBatch);
        total += deleted;
        if (deleted < pruneBatch) return total;
      }
    },
  };
}

/** How often the retention job runs: the log keeps two years, so a few hours' lag is nothing. */
export const auditPruneIntervalMs = 6 * 60 * 60_000;

/**
 * Runs the retention job now and then every `intervalMs` while the app is up. The timer does not keep the process
 * alive; `stop` clears it and waits for a run in progress, so that the database closes after it. Several instances
 * may run it at once: each deletes what the others have not.
 */
export function startAuditRetention({
  audit,
  logger,
  intervalMs = auditPruneIntervalMs,
}: {
  audit: Pick<AuditService, "pruneExpired">;
  logger: FastifyBaseLogger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => audit.pruneExpired())
      .then((deleted) => {
        if (deleted > 0) logger.info({ deleted }, "audit events past their retention deleted");
      })
      .catch((err: unknown) => logger.error({ err }, "audit retention job failed"));
  };
  const first = setTimeout(run, 0);
  first.unref();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

function toEvent(row: AuditEventRow, names: ReadonlyMap<string, string>): AuditEvent {
  return {
    id: row.id,
    at: row.at.getTime(),
    actor_id: row.actorId,
    actor_name: row.actorId ? (names.get(row.actorId) ?? null) : null,
    kind: row.kind as AuditKind,
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    ip: row.ip,
    device: deviceOf(row.device),
    before: (row.before as AuditValues | null) ?? null,
    after: (row.after as AuditValues | null) ?? null,
  };
}

/** The first instant of a day in the reader's zone; a zone the runtime does not know counts as UTC. */
function startOfDate(date: string, timeZone: string | null, days = 0): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = addCalendarDays({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 }, days);
  try {
    return new Date(instantAt(wall, timeZone ?? "UTC"));
  } catch {
    return new Date(instantAt(wall, "UTC"));
  }
}

/** Rows a CSV export reads at a time: the whole period goes out, a page at a time, in the list's order. */
const csvPageSize = 1000;

export type AuditLogService = ReturnType<typeof createAuditLogService>;

/** The reads of the log: an organization's, for `edit organization`, and a person's own security events. */
export function createAuditLogService({
  repository,
  organizations,
  users,
}: {
  repository: AuditRepository;
  organizations: Pick<OrganizationsService, "authorize">;
  users: Pick<UsersService, "findNames">;
}) {
  async function page(filter: AuditFilter, limit: number): Promise<AuditPage> {
    const rows = await repository.page(filter, limit + 1);
    const shown = rows.slice(0, limit);
    const names = await users.findNames({
      userIds: [...new Set(shown.flatMap((row) => (row.actorId ? [row.actorId] : [])))],
    });
    const last = shown.at(-1);
    return {
      items: shown.map((row) => toEvent(row, names)),
      next: rows.length > limit && last ? encodeAuditCursor({ at: last.position, id: last.id }) : null,
    };
  }

  async function organizationFilter(
    actorId: string,
    organizationId: string,
    query: AuditQuery,
    timeZone: string | null,
  ): Promise<AuditFilter> {
    await organizations.authorize({ actorId, organizationId, right: { action: "edit", subject: "organization" } });
    return {
      organizationId,
      kinds: query.kind,
      people: query.user_id,
      from: startOfDate(query.start_date, timeZone),
      to: startOfDate(query.end_date, timeZone, 1),
    };
  }

  return {
    async listOrganizationEvents({
      actorId,
      organizationId,
      query,
      timeZone,
    }: OrganizationEventsInput): Promise<AuditPage> {
      const filter = await organizationFilter(actorId, organizationId, query, timeZone);
      const after = query.cursor ? decodeAuditCursor(query.cursor) : undefined;
      return page({ ...filter, ...(after ? { after } : {}) }, query.limit);
    },

    /** Every event of the filtered period (the cursor and page size are the screen's, not the file's). */
    async organizationEventsCsv({
      actorId,
      organizationId,
      query,
      timeZone,
    }: OrganizationEventsInput): Promise<string> {
      const filter = await organizationFilter(actorId, organizationId, query, timeZone);
      const events: AuditEvent[] = [];
      let cursor: string | null = null;
      do {
        const after = cursor ? decodeAuditCursor(cursor) : undefined;
        const next: AuditPage = await page({ ...filter, ...(after ? { after } : {}) }, csvPageSize);
        events.push(...next.items);
        cursor = next.next;
      } while (cursor);
      return auditCsv(events);
    },

    async listSecurityEvents({ userId, query }: { userId: string; query: SecurityEventsQuery }): Promise<AuditPage> {
      const after = query.cursor ? decodeAuditCursor(query.cursor) : undefined;
      return page({ userId, kinds: securityKinds, people: [], ...(after ? { after } : {}) }, query.limit);
    },
  };
}
