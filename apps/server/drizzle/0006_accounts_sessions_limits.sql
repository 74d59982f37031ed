CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"nominative" text NOT NULL,
	"role_id" uuid NOT NULL,
	"invited_by" uuid,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invitations_email_lower_case" CHECK ("invitations"."email" = lower("invitations"."email")),
	CONSTRAINT "invitations_status_known" CHECK ("invitations"."status" in ('pending', 'accepted', 'declined', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_pk" PRIMARY KEY("scope","subject","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_purpose_known";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_fk" FOREIGN KEY ("organization_id","role_id") REFERENCES "public"."roles"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_unique" ON "invitations" USING btree ("organization_id","email") WHERE "invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_purpose_known" CHECK ("password_reset_tokens"."purpose" in ('reset', 'invite', 'verify'));--> statement-breakpoint
-- Accounts in use before e-mail verification existed proved nothing, but locking them out now would help nobody:
-- every account that is not a pending invitation counts as verified from its creation.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "status" <> 'invited';--> statement-breakpoint
-- Invitations used to be memberships of an "invited" account. Each becomes a pending invitation (its latest link
-- keeps working until it expires) and the placeholder account, which never had a password, is removed.
INSERT INTO "invitations" ("organization_id", "email", "nominative", "role_id", "token_hash", "status", "expires_at", "created_at")
SELECT m."organization_id", u."email", u."nominative", m."role_id",
       coalesce(t."token_hash", 'void:' || u."id"::text), 'pending', coalesce(t."expires_at", now()), m."created_at"
FROM "organization_members" m
JOIN "users" u ON u."id" = m."user_id" AND u."status" = 'invited'
LEFT JOIN LATERAL (
  SELECT p."token_hash", p."expires_at" FROM "password_reset_tokens" p
  WHERE p."user_id" = u."id" AND p."purpose" = 'invite' AND p."used_at" IS NULL
  ORDER BY p."created_at" DESC LIMIT 1
) t ON true;--> statement-breakpoint
DELETE FROM "users" WHERE "status" = 'invited' AND "password_hash" IS NULL AND "google_sub" IS NULL;
