CREATE TABLE "write_backs" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"service" text NOT NULL,
	"item_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"record_id" text,
	"written_seconds" integer,
	"written_date" date,
	"written_started" timestamp with time zone,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"lease_until" timestamp with time zone,
	"leased_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "write_backs_service_known" CHECK ("write_backs"."service" in ('todoist', 'asana', 'paymo', 'jira')),
	CONSTRAINT "write_backs_state_known" CHECK ("write_backs"."state" in ('pending', 'written', 'failed', 'off')),
	CONSTRAINT "write_backs_attempts_not_negative" CHECK ("write_backs"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_integrations" ADD COLUMN "write_back" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "write_backs" ADD CONSTRAINT "write_backs_event_id_time_blocking_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."time_blocking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_backs" ADD CONSTRAINT "write_backs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_backs" ADD CONSTRAINT "write_backs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "write_backs_user_idx" ON "write_backs" USING btree ("user_id");