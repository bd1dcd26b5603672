CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"key_id" text NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"ip_allow_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
CREATE TABLE "callback_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retires_at" timestamp with time zone,
	CONSTRAINT "callback_keys_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
CREATE TABLE "firmware" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"module_model" text NOT NULL,
	"release_notes" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"published_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"report" text NOT NULL,
	"frequency" text NOT NULL,
	"period" text NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_status" integer,
	"last_response" text,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_usage_dims_daily" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"network_operator" text DEFAULT '' NOT NULL,
	"network_type" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "company_usage_dims_daily_company_id_day_network_operator_network_type_region_pk" PRIMARY KEY("company_id","day","network_operator","network_type","region")
);
--> statement-breakpoint
CREATE TABLE "device_status_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"online" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_keys" ADD COLUMN "previous_key_id" text;--> statement-breakpoint
ALTER TABLE "device_keys" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "device_keys" ADD COLUMN "previous_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_usage_daily" ADD COLUMN "reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_usage_daily" ADD COLUMN "online_reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_keys" ADD CONSTRAINT "callback_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware" ADD CONSTRAINT "firmware_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "callback_keys_company_idx" ON "callback_keys" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_model_version_uq" ON "firmware" USING btree ("module_model","version") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "report_subscriptions_due_idx" ON "report_subscriptions" USING btree ("next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_subscriptions_uq" ON "report_subscriptions" USING btree ("user_id","company_id","report","frequency","period");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE state IN ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_company_idx" ON "webhook_deliveries" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_idx" ON "webhook_endpoints" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "webhook_messages_company_idx" ON "webhook_messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "device_status_events_company_at_idx" ON "device_status_events" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "device_status_events_device_at_idx" ON "device_status_events" USING btree ("device_id","at");--> statement-breakpoint
ALTER TABLE "device_keys" ADD CONSTRAINT "device_keys_previous_key_id_unique" UNIQUE("previous_key_id");