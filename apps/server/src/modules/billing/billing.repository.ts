import type { SubscriptionStatus } from "@timetrap/domain";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.js";
import { billingEvents, organizations, plans } from "../../db/schema.js";

/**
 * The subscription's state kept on the organization (decision 031: these columns are written by billing only; the
 * organization module reads the plan they lead to), the plans, and Paddle's events already handled.
 */

export type PlanRow = typeof plans.$inferSelect;

export interface OrganizationBillingRow {
  id: string;
  name: string;
  planId: string;
  subscriptionId: string | null;
  subscriptionStatus: SubscriptionStatus;
  billingCustomerId: string | null;
  currentPeriodEnd: Date | null;
  scheduledChange: { action: string; effective_at: string } | null;
  subscriptionEventAt: Date | null;
}

export interface SubscriptionChange {
  planId?: string;
  subscriptionId?: string | null;
  subscriptionStatus?: SubscriptionStatus;
  billingCustomerId?: string | null;
  currentPeriodEnd?: Date | null;
  scheduledChange?: { action: string; effective_at: string } | null;
  subscriptionEventAt?: Date | null;
}

/** What an event did: `applied`, `recorded` (kept, nothing to change), `stale`, `ignored` (no organization, or not ours). */
export type BillingEventOutcome = "applied" | "recorded" | "stale" | "ignored";

const billingColumns = {
  id: organizations.id,
  name: organizations.name,
  planId: organizations.planId,
  subscriptionId: organizations.subscriptionId,
  subscriptionStatus: organizations.subscriptionStatus,
  billingCustomerId: organizations.billingCustomerId,
  currentPeriodEnd: organizations.currentPeriodEnd,
  scheduledChange: organizations.scheduledChange,
  subscriptionEventAt: organizations.subscriptionEventAt,
};

function billingQueries(db: Database) {
  return {
    async listPlans(): Promise<PlanRow[]> {
      return db.select().from(plans).orderBy(plans.createdAt, plans.code);
    },

    async findPlanById(id: string): Promise<PlanRow | null> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id));
      return row ?? null;
    },

    async findPlanByCode(code: string): Promise<PlanRow | null> {
      const [row] = await db.select().from(plans).where(eq(plans.code, code));
      return row ?? null;
    },

    async findOrganization(organizationId: string): Promise<OrganizationBillingRow | null> {
      const [row] = await db.select(billingColumns).from(organizations).where(eq(organizations.id, organizationId));
      return row ?? null;
    },

    /** The organization, its row locked until the transaction ends: one subscription change at a time. */
    async lockOrganization(organizationId: string): Promise<OrganizationBillingRow | null> {
      const [row] = await db
        .select(billingColumns)
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for("update");
      return row ?? null;
    },

    async findOrganizationIdBySubscription(subscriptionId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.subscriptionId, subscriptionId))
        .limit(1);
      return row?.id ?? null;
    },

    async findOrganizationIdByCustomer(customerId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.billingCustomerId, customerId))
        .orderBy(sql`${organizations.subscriptionEventAt} desc nulls last`)
        .limit(1);
      return row?.id ?? null;
    },

    async updateSubscription(organizationId: string, change: SubscriptionChange): Promise<void> {
      await db
        .update(organizations)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(organizations.id, organizationId));
    },

    /** Keeps the event by its id; false when it was kept before (a replay), which then changes nothing. */
    async insertEvent(values: {
      eventId: string;
      eventType: string;
      occurredAt: Date;
      organizationId: string | null;
      outcome: BillingEventOutcome;
    }): Promise<boolean> {
      const inserted = await db
        .insert(billingEvents)
        .values(values)
        .onConflictDoNothing({ target: billingEvents.eventId })
        .returning({ eventId: billingEvents.eventId });
      return inserted.length > 0;
    },

    async setEventOutcome(eventId: string, outcome: BillingEventOutcome): Promise<void> {
      await db.update(billingEvents).set({ outcome }).where(eq(billingEvents.eventId, eventId));
    },
  };
}

export type BillingQueries = ReturnType<typeof billingQueries>;

export function createBillingRepository(db: Database) {
  return {
    ...billingQueries(db),
    within: (tx: Database) => billingQueries(tx),
    transaction<T>(work: (queries: BillingQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(billingQueries(tx as Database), tx as Database));
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
