import { createHash, randomBytes } from "node:crypto";
import { type CalendarFeed, calendarFeedDaysAhead, calendarFeedDaysBack } from "@timetrap/domain";
import type { FastifyBaseLogger } from "fastify";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import { feedAad, openSecret, SecretBoxError, sealSecret } from "../integrations/secret-box.js";
import { clientAddressKey } from "../limits/client-address.js";
import type { LimitRule, LimitsService } from "../limits/limits.service.js";
import type { OrganizationsService } from "../organizations/organizations.service.js";
import type { TimeBlockingService } from "../time-blocking/time-blocking.service.js";
import { writeCalendarFeed } from "./calendar-feed.ics.js";
import type { CalendarFeedRepository, CalendarFeedRow } from "./calendar-feed.repository.js";

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;

const dayMs = 86_400_000;

/** 32 random bytes in base64url: 43 characters. */
const secretBytes = 32;
const feedFilePattern = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * Fetches of one feed: calendars ask every few minutes to every few hours, a person may subscribe on several devices,
 * and each answer is cacheable for five minutes; more than this is a runaway client, and the feed is the costliest
 * read there is.
 */
export const feedFetchRule: LimitRule = { scope: "calendar-feed:feed", limit: 120, windowSeconds: 3600 };
/**
 * Addresses that name no feed, from one client. A secret cannot be guessed, so a client asking for many is broken or
 * probing: past the limit it is answered 429. Counted per client only when the lookup misses, so that a calendar
 * service fetching many people's feeds from one address is never held back by it.
 */
export const unknownFeedRule: LimitRule = { scope: "calendar-feed:unknown", limit: 30, windowSeconds: 600 };

const hashOf = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

const noFeed = () => new AppError("NOT_FOUND", "No calendar feed at this address");

function tooManyFetches(retryAfterSeconds: number): AppError {
  return new AppError(
    "TOO_MANY_REQUESTS",
    `Too many requests for calendar feeds. Try again in ${retryAfterSeconds} seconds`,
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );
}

export function createCalendarFeedService({
  repository,
  organizations,
  timeBlocking,
  limits,
  logger,
  settings,
}: {
  repository: CalendarFeedRepository;
  organizations: Pick<OrganizationsService, "findRoleOfUser">;
  timeBlocking: Pick<TimeBlockingService, "listStoredEvents">;
  limits: Pick<LimitsService, "hit">;
  logger: FastifyBaseLogger;
  settings: { appUrl: string; integrationsKey: Buffer };
}) {
  /**
   * A person's feed is theirs alone: another member of their organization is a 403, anyone else a 404 (another
   * organization learns nothing of who exists), as a person's connections are (decision 029).
   */
  async function assertSelf(actorId: string, userId: string): Promise<void> {
    if (actorId === userId) return;
    const [actor, owner] = await Promise.all([
      organizations.findRoleOfUser({ userId: actorId }),
      organizations.findRoleOfUser({ userId }),
    ]);
    if (!actor || !owner || actor.organizationId !== owner.organizationId) throw notFound("User");
    throw forbidden("Only the person themselves can see or change their calendar feed");
  }

  function toFeed(row: CalendarFeedRow | undefined): CalendarFeed {
    if (!row) return { enabled: false, url: null, created_at: null };
    let url: string | null = null;
    try {
      const secret = openSecret(settings.integrationsKey, row.secret, feedAad(row.userId));
      url = `${settings.appUrl}/ics/${secret}.ics`;
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      // The key changed since the feed was made: the address still works, but cannot be shown; a new one can.
      logger.warn({ userId: row.userId }, "the calendar feed's secret does not open with the integrations key");
    }
    return { enabled: true, url, created_at: row.createdAt.getTime() };
  }

  return {
    async getCalendarFeed({ actorId, userId }: { actorId: string; userId: string }): Promise<CalendarFeed> {
      await assertSelf(actorId, userId);
      return toFeed(await repository.findByUser(userId));
    },

    /** Turns the feed on with a new secret; when it is on, the new secret replaces the old, whose address answers 404. */
    async enableCalendarFeed({ actorId, userId }: { actorId: string; userId: string }): Promise<CalendarFeed> {
      await assertSelf(actorId, userId);
      const secret = randomBytes(secretBytes).toString("base64url");
      const row = await repository.save({
        userId,
        secretHash: hashOf(secret),
        secret: sealSecret(settings.integrationsKey, secret, feedAad(userId)),
      });
      return toFeed(row);
    },

    /** Turns the feed off: its address answers 404 from now on. */
    async disableCalendarFeed({ actorId, userId }: { actorId: string; userId: string }): Promise<void> {
      await assertSelf(actorId, userId);
      await repository.remove(userId);
    },

    /**
     * The feed at `/ics/{file}`: the person's blocks from 30 days back to 180 ahead. The secret is the only proof, so it
     * is found by its hash (a lookup that reveals nothing of the secrets stored); a file that is not a secret's shape, an
     * unknown, turned-off or replaced secret is a 404.
     */
    async renderCalendarFeed({
      file,
      clientAddress,
      now = Date.now(),
    }: {
      file: string;
      clientAddress: string;
      now?: number;
    }): Promise<string> {
      const secret = feedFilePattern.exec(file)?.[1];
      const row = secret ? await repository.findByHash(hashOf(secret)) : undefined;
      if (!row) {
        const decision = await limits.hit(unknownFeedRule, clientAddressKey(clientAddress));
        if (!decision.allowed) throw tooManyFetches(decision.retryAfterSeconds);
        throw noFeed();
      }
      const decision = await limits.hit(feedFetchRule, row.secretHash);
      if (!decision.allowed) throw tooManyFetches(decision.retryAfterSeconds);
      const span = { from: now - calendarFeedDaysBack * dayMs, to: now + calendarFeedDaysAhead * dayMs };
      const stored = await timeBlocking.listStoredEvents({ userId: row.userId, range: span });
      return writeCalendarFeed({ events: stored?.events ?? [], timeZone: stored?.timeZone ?? "UTC", span, now });
    },
  };
}
