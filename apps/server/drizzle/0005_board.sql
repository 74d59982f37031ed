CREATE TABLE "recurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"every" integer NOT NULL,
	"frequency" text NOT NULL,
	"day_of_weeks" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"until" date,
	"repeat" integer,
	"skip" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurrences_frequency_known" CHECK ("recurrences"."frequency" in ('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY')),
	CONSTRAINT "recurrences_every_range" CHECK ("recurrences"."every" between 1 and 99),
	CONSTRAINT "recurrences_repeat_range" CHECK ("recurrences"."repeat" is null or "recurrences"."repeat" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "time_blocking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"color" text DEFAULT '#3788d8' NOT NULL,
	"elapsed_time" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"event_type" text DEFAULT 'activity' NOT NULL,
	"source" text DEFAULT 'timetrap' NOT NULL,
	"source_id" text,
	"calendar_id" text,
	"project_id" uuid,
	"category_id" uuid,
	"task_linked_id" uuid,
	"recurrence_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_blocking_events_recurrence_template" UNIQUE("recurrence_id"),
	CONSTRAINT "time_blocking_events_end_after_start" CHECK ("time_blocking_events"."end_time" > "time_blocking_events"."start_time"),
	CONSTRAINT "time_blocking_events_type_known" CHECK ("time_blocking_events"."event_type" in ('planning', 'activity')),
	CONSTRAINT "time_blocking_events_elapsed_not_negative" CHECK ("time_blocking_events"."elapsed_time" >= 0)
);
--> statement-breakpoint
CREATE TABLE "timers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recurrences" ADD CONSTRAINT "recurrences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrences" ADD CONSTRAINT "recurrences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_blocking_events" ADD CONSTRAINT "time_blocking_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_blocking_events" ADD CONSTRAINT "time_blocking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_blocking_events" ADD CONSTRAINT "time_blocking_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_blocking_events" ADD CONSTRAINT "time_blocking_events_category_id_task_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."task_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_blocking_events" ADD CONSTRAINT "time_blocking_events_task_linked_id_tasks_id_fk" FOREIGN KEY ("task_linked_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_blocking_events" ADD CONSTRAINT "time_blocking_events_recurrence_id_recurrences_id_fk" FOREIGN KEY ("recurrence_id") REFERENCES "public"."recurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_event_id_time_blocking_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."time_blocking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurrences_user_idx" ON "recurrences" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "time_blocking_events_user_start_idx" ON "time_blocking_events" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "time_blocking_events_project_idx" ON "time_blocking_events" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "time_blocking_events_task_idx" ON "time_blocking_events" USING btree ("task_linked_id");