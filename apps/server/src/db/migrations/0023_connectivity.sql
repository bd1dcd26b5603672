-- Operator platforms (docs/connectors.md): the accounts the product is connected to, each device's
-- account, the SIMs each platform last reported and the commands sent to it.
CREATE TABLE "connectivity_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"credentials" text DEFAULT '' NOT NULL,
	"credentials_hint" text DEFAULT '' NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"operators" text[] DEFAULT '{}'::text[] NOT NULL,
	"iccid_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"import_company_id" uuid,
	"state" text DEFAULT 'active' NOT NULL,
	"state_message" text,
	"unreachable_since" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"sync_cursor" jsonb,
	"last_sync_at" timestamp with time zone,
	"last_usage_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- the built-in simulated network, which every existing device is on (docs/connectors.md)
INSERT INTO "connectivity_accounts" ("id", "kind", "name") VALUES ('00000000-0000-4000-8000-000000000001', 'simulated', 'simulated');--> statement-breakpoint
CREATE TABLE "platform_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"iccid" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform_sims" (
	"account_id" uuid NOT NULL,
	"iccid" text NOT NULL,
	"imsi" text,
	"msisdn" text,
	"imei" text,
	"status" text NOT NULL,
	"state" text NOT NULL,
	"rate_plan" text,
	"device_id" uuid,
	"ctd_bytes" bigint,
	"ctd_cycle" date,
	"ctd_at" timestamp with time zone,
	"ignored" text,
	"platform_modified_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_sims_account_id_iccid_pk" PRIMARY KEY("account_id","iccid")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001'::uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "connectivity_accounts" ADD CONSTRAINT "connectivity_accounts_import_company_id_companies_id_fk" FOREIGN KEY ("import_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_commands" ADD CONSTRAINT "platform_commands_account_id_connectivity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."connectivity_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_sims" ADD CONSTRAINT "platform_sims_account_id_connectivity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."connectivity_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_sims" ADD CONSTRAINT "platform_sims_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connectivity_accounts_name_uq" ON "connectivity_accounts" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_commands_key_uq" ON "platform_commands" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "platform_sims_device_idx" ON "platform_sims" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "platform_sims_imei_idx" ON "platform_sims" USING btree ("imei");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_connectivity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."connectivity_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_account_idx" ON "devices" USING btree ("account_id");