CREATE TABLE "holiday_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"half_day" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "holiday_days_group_date_source" UNIQUE("group_id","date","source"),
	CONSTRAINT "holiday_days_source_known" CHECK ("holiday_days"."source" in ('public', 'own'))
);
--> statement-breakpoint
CREATE TABLE "holiday_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"convention" text DEFAULT 'reduce' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holiday_groups_convention_known" CHECK ("holiday_groups"."convention" in ('reduce', 'worked'))
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"half_day" text,
	"hours" numeric(4, 2),
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_status_known" CHECK ("time_off"."status" in ('requested', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "time_off_half_day_known" CHECK ("time_off"."half_day" is null or "time_off"."half_day" in ('morning', 'afternoon')),
	CONSTRAINT "time_off_period" CHECK ("time_off"."end_date" >= "time_off"."start_date" and "time_off"."end_date" - "time_off"."start_date" < 366),
	CONSTRAINT "time_off_part_of_one_day" CHECK (("time_off"."half_day" is null and "time_off"."hours" is null) or ("time_off"."start_date" = "time_off"."end_date" and ("time_off"."half_day" is null or "time_off"."hours" is null))),
	CONSTRAINT "time_off_hours" CHECK ("time_off"."hours" is null or ("time_off"."hours" > 0 and "time_off"."hours" <= 24))
);
--> statement-breakpoint
CREATE TABLE "time_off_allowances" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"days" numeric(5, 1) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_allowances_pk" PRIMARY KEY("user_id","kind_id","year"),
	CONSTRAINT "time_off_allowances_days" CHECK ("time_off_allowances"."days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_off_kinds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"paid" boolean DEFAULT true NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"yearly_allowance_days" numeric(5, 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_kinds_organization_id" UNIQUE("organization_id","id"),
	CONSTRAINT "time_off_kinds_allowance" CHECK ("time_off_kinds"."yearly_allowance_days" is null or "time_off_kinds"."yearly_allowance_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "timesheet_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_periods_user_start" UNIQUE("user_id","period_start"),
	CONSTRAINT "timesheet_periods_status_known" CHECK ("timesheet_periods"."status" in ('open', 'submitted', 'approved', 'rejected')),
	CONSTRAINT "timesheet_periods_period" CHECK ("timesheet_periods"."period_end" >= "timesheet_periods"."period_start")
);
--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "holiday_group_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "approval_period" text DEFAULT 'week' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "lock_before" date;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "prevent_overlapping_activities" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "holiday_days" ADD CONSTRAINT "holiday_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_days" ADD CONSTRAINT "holiday_days_group_id_holiday_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."holiday_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_groups" ADD CONSTRAINT "holiday_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_kind_fk" FOREIGN KEY ("organization_id","kind_id") REFERENCES "public"."time_off_kinds"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_allowances" ADD CONSTRAINT "time_off_allowances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_allowances" ADD CONSTRAINT "time_off_allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_allowances" ADD CONSTRAINT "time_off_allowances_kind_id_time_off_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."time_off_kinds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_kinds" ADD CONSTRAINT "time_off_kinds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_periods" ADD CONSTRAINT "timesheet_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_periods" ADD CONSTRAINT "timesheet_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_periods" ADD CONSTRAINT "timesheet_periods_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holiday_days_group_date_idx" ON "holiday_days" USING btree ("group_id","date");--> statement-breakpoint
CREATE INDEX "holiday_groups_organization_idx" ON "holiday_groups" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_groups_one_default" ON "holiday_groups" USING btree ("organization_id") WHERE "holiday_groups"."is_default";--> statement-breakpoint
CREATE INDEX "time_off_user_start_idx" ON "time_off" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "time_off_organization_start_idx" ON "time_off" USING btree ("organization_id","start_date");--> statement-breakpoint
CREATE INDEX "time_off_kinds_organization_idx" ON "time_off_kinds" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "timesheet_periods_organization_start_idx" ON "timesheet_periods" USING btree ("organization_id","period_start");--> statement-breakpoint
CREATE INDEX "timesheet_periods_approved_idx" ON "timesheet_periods" USING btree ("user_id","period_end") WHERE "timesheet_periods"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_holiday_group_id_holiday_groups_id_fk" FOREIGN KEY ("holiday_group_id") REFERENCES "public"."holiday_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_approval_period_known" CHECK ("organizations"."approval_period" in ('week', 'month'));--> statement-breakpoint
INSERT INTO "time_off_kinds" ("organization_id", "name", "color", "paid", "needs_approval", "yearly_allowance_days", "created_at")
SELECT o."id", k."name", k."color", k."paid", k."needs_approval", k."allowance", now() + k."position" * interval '1 millisecond'
FROM "organizations" o
CROSS JOIN LATERAL (VALUES
  (0, CASE WHEN o."language" = 'it' THEN 'Ferie' ELSE 'Vacation' END, '#228be6', true, true, 20::numeric),
  (1, CASE WHEN o."language" = 'it' THEN 'Malattia' ELSE 'Sick leave' END, '#fa5252', true, false, NULL::numeric),
  (2, CASE WHEN o."language" = 'it' THEN 'Permesso' ELSE 'Permit' END, '#fab005', true, true, NULL::numeric),
  (3, CASE WHEN o."language" = 'it' THEN 'Non retribuito' ELSE 'Unpaid leave' END, '#868e96', false, true, NULL::numeric)
) AS k("position", "name", "color", "paid", "needs_approval", "allowance")
WHERE NOT EXISTS (SELECT 1 FROM "time_off_kinds" t WHERE t."organization_id" = o."id");
