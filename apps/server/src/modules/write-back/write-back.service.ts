import {
  calendarDateIn,
  type Integration,
  type ItemService,
  type WriteBack,
  writeBackNote,
  writeBackReference,
} from "@timetrap/domain";
import type { FastifyBaseLogger } from "fastify";
import { ConnectorError } from "../../connectors/http-client.js";
import type { Database } from "../../db/database.js";
import { AppError, notFound } from "../../http/app-error.js";
import type { ClaimedJob, JobHandler, JobQueue } from "../../jobs/job-queue.js";
import { type IntegrationsService, serviceNames } from "../integrations/integrations.service.js";
import type { TimeBlockingService } from "../time-blocking/time-blocking.service.js";
import {
  createWriteBackRepository,
  type WriteBackQueries,
  type WriteBackRow,
  writeBackQueries,
} from "./write-back.repository.js";
import {
  asksForWrite,
  failureOutcomeOf,
  writableItemOf,
  writeBackJob,
  writeBackMaxAttempts,
  writeBackRetryDelayMs,
} from "./write-back-rules.js";
import type { WriteBackEntry, WriteBackTarget } from "./write-back-target.js";
import type { WriteBackEvents } from "./write-back-trigger.js";

export type WriteBackService = ReturnType<typeof createWriteBackService>;

/** How long a run holds a block's lease: longer than a run (a few calls, each with its timeout and retries). */
export const writeBackLeaseMs = 5 * 60_000;
/** A job that finds another run writing the block comes back this much later, to write what that run did not see. */
export const writeBackHeldRetryMs = 15_000;

const notConnectedMessage = (service: ItemService) => `${serviceNames[service]} is not connected`;

export function toWriteBack(row: WriteBackRow): WriteBack {
  return {
    event_id: row.eventId,
    service: row.service,
    item_id: row.itemId,
    state: row.state,
    written_seconds: row.writtenSeconds,
    written_date: row.writtenDate,
    error: row.lastError,
    attempts: row.attempts,
    updated_at: row.updatedAt.getTime(),
  };
}

/** Queues the block's job unless the one queued before is still waiting (it reads the block when it runs). */
async function queueJob(
  queries: WriteBackQueries,
  jobs: JobQueue,
  tx: Database,
  row: { eventId: string; organizationId: string; jobId: string | null },
): Promise<string> {
  if (row.jobId && (await queries.isJobPending(row.jobId))) return row.jobId;
  return jobs.enqueue(tx, {
    kind: writeBackJob,
    payload: { eventId: row.eventId },
    organizationId: row.organizationId,
  });
}

/**
 * The saves' side (the board's and the timer's): in the save's transaction, the block's row becomes `pending` with one
 * job queued, or `off` (no job) when the person turned write-back off for the service or has not connected it.
 */
export function createWriteBackEvents({ db, jobs }: { db: Database; jobs: JobQueue }): WriteBackEvents {
  return {
    async blockSaved(tx, { before, after }) {
      if (!asksForWrite(before, after)) return;
      const item = writableItemOf(after)!;
      const on = tx ?? db;
      const queries = writeBackQueries(on);
      const existing = await queries.lock(after.id);
      const integration = await queries.integrationSwitch(after.userId, item.service);
      const common = {
        eventId: after.id,
        userId: after.userId,
        organizationId: after.organizationId,
        service: item.service,
        itemId: item.itemId,
        sameItem: existing !== undefined && existing.service === item.service && existing.itemId === item.itemId,
      };
      if (!integration?.writeBack) {
        await queries.saveQueued({
          ...common,
          state: "off",
          lastError: integration ? null : notConnectedMessage(item.service),
          jobId: existing?.jobId ?? null,
        });
        return;
      }
      const jobId = await queueJob(queries, jobs, on, {
        eventId: after.id,
        organizationId: after.organizationId,
        jobId: existing?.jobId ?? null,
      });
      await queries.saveQueued({ ...common, state: "pending", lastError: null, jobId });
    },
  };
}

export function createWriteBackService({
  db,
  jobs,
  integrations,
  timeBlocking,
  targets,
  logger,
  random = Math.random,
}: {
  db: Database;
  jobs: JobQueue;
  integrations: Pick<IntegrationsService, "withAccessToken" | "listIntegrations" | "assertSelf">;
  /** Where the job reads the block and its owner's zone (made after this service's trigger, which it is given). */
  timeBlocking: Pick<TimeBlockingService, "findBoard" | "findEvent">;
  /** The services this server writes time back to, each through its connector. */
  targets: Partial<Record<ItemService, WriteBackTarget>>;
  logger: FastifyBaseLogger;
  /** Spreads the retries' waits (tests make it fixed). */
  random?: () => number;
}) {
  const repository = createWriteBackRepository(db);

  /** A person's write-backs and switches are theirs alone, as their integrations are. */
  const assertSelf = (actorId: string, userId: string) => integrations.assertSelf({ actorId, userId });

  /** The block's time as the tool gets it now, or why nothing is written; null when the block is gone. */
  async function entryOf(
    row: WriteBackRow,
  ): Promise<{ entry: WriteBackEntry; service: ItemService } | { unwritable: true } | null> {
    const board = await timeBlocking.findBoard({ actorId: row.userId, userId: row.userId, access: "read" });
    const event = board ? await timeBlocking.findEvent({ board, eventId: row.eventId }) : null;
    if (!board || !event) return null;
    const item = writableItemOf({
      eventType: event.event_type,
      completed: event.completed,
      elapsedTime: event.elapsed_time,
      source: event.source,
      sourceId: event.source_id,
      recurrenceId: event.recurrence_id,
    });
    if (!item) return { unwritable: true };
    // The day the work was done is the owner's, whatever zone the server runs in.
    const day = calendarDateIn(event.start_time, board.timeZone);
    const reference = writeBackReference(row.eventId);
    return {
      service: item.service,
      entry: {
        itemId: item.itemId,
        seconds: event.elapsed_time,
        started: new Date(event.start_time),
        day,
        note: writeBackNote(event.elapsed_time, day, reference),
        reference,
      },
    };
  }

  /**
   * One attempt, under the block's lease: the latest time of the block is written (a later save's is what counts).
   * The record written before is updated; without one, the tool is asked first for a record this block wrote (an
   * earlier attempt whose answer was lost) before a new one is written, so that a retry never writes twice.
   */
  async function writeOnce(row: WriteBackRow, job: ClaimedJob): Promise<void> {
    const found = await entryOf(row);
    if (!found) return;
    if ("unwritable" in found) {
      await repository.settleUnwritable(row.eventId, job.id);
      return;
    }
    const { entry, service } = found;
    const integration = await repository.integrationSwitch(row.userId, service);
    if (!integration) {
      await repository.settle(row.eventId, job.id, "failed", notConnectedMessage(service));
      return;
    }
    if (!integration.writeBack) {
      await repository.settle(row.eventId, job.id, "off", null);
      return;
    }
    const target = targets[service];
    if (!target) {
      const message = `Writing time back to ${serviceNames[service]} is not available on this server`;
      await repository.settle(row.eventId, job.id, "failed", message);
      return;
    }
    const sameItem = row.service === service && row.itemId === entry.itemId;
    const known = sameItem ? row.recordId : null;
    const written = { seconds: entry.seconds, day: entry.day, started: entry.started };
    const unchanged =
      row.writtenSeconds === entry.seconds &&
      row.writtenDate === entry.day &&
      row.writtenStarted?.getTime() === entry.started.getTime();
    if (known && unchanged) {
      await repository.markWritten(row.eventId, job.id, { recordId: known, ...written });
      return;
    }

    await repository.countAttempt(row.eventId, { service, itemId: entry.itemId, sameItem });
    let recordId: string;
    try {
      recordId = await integrations.withAccessToken({ userId: row.userId, service }, async (credential) => {
        const existing = known ?? (await target.find(credential, entry));
        if (existing) {
          try {
            await target.update(credential, existing, entry);
            return existing;
          } catch (error) {
            if (!(error instanceof ConnectorError && error.kind === "not_found")) throw error;
            // Deleted in the tool meanwhile: forgotten first, so that a retry after a lost answer looks for the new one.
            await repository.forgetRecord(row.eventId);
          }
        }
        return target.create(credential, entry);
      });
    } catch (error) {
      const outcome = failureOutcomeOf(error);
      const context = { eventId: row.eventId, service, attempt: job.attempt, err: error };
      if (!outcome.retry) {
        logger.info(context, `a write-back failed: ${outcome.message}`);
        await repository.settle(row.eventId, job.id, "failed", outcome.message);
        return;
      }
      await repository.recordRetry(row.eventId, outcome.message);
      throw error;
    }
    await repository.markWritten(row.eventId, job.id, { recordId, ...written });
  }

  const handler: JobHandler = {
    maxAttempts: writeBackMaxAttempts,
    leaseMs: writeBackLeaseMs,
    retryDelayMs: (attempt) => writeBackRetryDelayMs(attempt, random()),

    async run(job) {
      const eventId = job.payload.eventId;
      if (typeof eventId !== "string") return;
      const taken = await repository.takeLease(eventId, job.id, writeBackLeaseMs);
      if (taken === "gone") return;
      if (taken === "held") {
        // Another run is writing the block and may have read it before the save that queued this job.
        const row = await repository.find(eventId);
        if (!row || (row.jobId && row.jobId !== job.id && (await repository.isJobPending(row.jobId)))) return;
        const next = await jobs.enqueue(db, {
          kind: writeBackJob,
          payload: { eventId },
          runAt: new Date(Date.now() + writeBackHeldRetryMs),
          organizationId: job.organizationId,
        });
        await repository.setJob(eventId, next);
        return;
      }
      try {
        await writeOnce(taken, job);
      } finally {
        await repository.releaseLease(eventId, job.id);
      }
    },

    async onDead(job, error) {
      const eventId = job.payload.eventId;
      if (typeof eventId !== "string") return;
      const row = await repository.find(eventId);
      const message = row?.lastError ?? failureOutcomeOf(error).message;
      await repository.settle(eventId, job.id, "failed", message, { onlyPending: true });
    },
  };

  return {
    /** The `integration.write_back` job's handler. */
    handler,

    /** `GET user/{id}/write-backs`: the person's write-backs of the blocks that start in the range. */
    async listWriteBacks({
      actorId,
      userId,
      range,
    }: {
      actorId: string;
      userId: string;
      range: { start: number; end: number };
    }): Promise<WriteBack[]> {
      await assertSelf(actorId, userId);
      const rows = await repository.listOfUser(userId, { start: new Date(range.start), end: new Date(range.end) });
      return rows.map(toWriteBack);
    },

    /**
     * `POST user/{id}/write-backs/{eventId}/retry`: a failed or `off` write-back (or one still waiting) queued again.
     * A written one is a 409 (its time is in the tool; a change of the block writes it again), as is one whose service
     * is not connected or has write-back turned off (the retry would change nothing).
     */
    async retryWriteBack({
      actorId,
      userId,
      eventId,
    }: {
      actorId: string;
      userId: string;
      eventId: string;
    }): Promise<WriteBack> {
      await assertSelf(actorId, userId);
      const row = await repository.transaction(async (queries, tx) => {
        const current = await queries.lockOfUser(userId, eventId);
        if (!current) throw notFound("Write-back");
        const name = serviceNames[current.service];
        if (current.state === "written") {
          throw new AppError("CONFLICT", `This block's time is already written to ${name}`);
        }
        const integration = await queries.integrationSwitch(userId, current.service);
        if (!integration) throw new AppError("INTEGRATION_NOT_CONNECTED", notConnectedMessage(current.service));
        if (!integration.writeBack) {
          throw new AppError("CONFLICT", `Writing time back to ${name} is off: turn it on first`);
        }
        const jobId = await queueJob(queries, jobs, tx, current);
        return (await queries.requeue(eventId, jobId))!;
      });
      return toWriteBack(row);
    },

    /**
     * `PATCH user/{id}/integration/{service}`: the person's write-back switch for a connected tool; answers the
     * integration as the list of integrations shows it. Blocks completed while it is off are `off`; the retry writes one
     * once it is on again.
     */
    async updateIntegrationSettings({
      actorId,
      userId,
      service,
      writeBack,
    }: {
      actorId: string;
      userId: string;
      service: ItemService;
      writeBack: boolean;
    }): Promise<Integration> {
      await assertSelf(actorId, userId);
      if (!(await repository.setIntegrationSwitch(userId, service, writeBack))) {
        throw notFound(`${serviceNames[service]} integration`);
      }
      const { services } = await integrations.listIntegrations({ actorId, userId });
      const integration = services.find((state) => state.service === service)?.integration;
      // Disconnected between the change and the read.
      if (!integration) throw notFound(`${serviceNames[service]} integration`);
      return integration;
    },
  };
}
