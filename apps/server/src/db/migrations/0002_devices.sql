CREATE TABLE "device_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_keys" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_keys_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
CREATE TABLE "device_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"bytes" bigint NOT NULL,
	"online" boolean NOT NULL,
	"signal_level" integer,
	"operator" text,
	"network_type" text,
	"area" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_usage_daily" (
	"device_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "device_usage_daily_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"group_id" uuid,
	"imei" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"region" text NOT NULL,
	"status" text DEFAULT 'in_stock' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"real_name" text DEFAULT 'not_real_name' NOT NULL,
	"iccid" text,
	"area" text,
	"operator" text,
	"network_type" text,
	"signal_level" integer,
	"strategy_id" uuid,
	"import_task_id" uuid,
	"activated_at" timestamp with time zone,
	"license_expires_at" timestamp with time zone,
	"last_switch_at" timestamp with time zone,
	"usage_yesterday" bigint DEFAULT 0 NOT NULL,
	"usage_month" bigint DEFAULT 0 NOT NULL,
	"last_report_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"task_name" text NOT NULL,
	"region" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "license_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"device_id" uuid,
	"ref" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_keys" ADD CONSTRAINT "device_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_operations" ADD CONSTRAINT "device_operations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD CONSTRAINT "import_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD CONSTRAINT "import_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_ledger" ADD CONSTRAINT "license_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_name_uq" ON "device_groups" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_default_uq" ON "device_groups" USING btree ("company_id") WHERE "device_groups"."is_default";--> statement-breakpoint
CREATE INDEX "device_operations_device_idx" ON "device_operations" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_reports_received_idx" ON "device_reports" USING btree ("id");--> statement-breakpoint
CREATE INDEX "device_reports_device_idx" ON "device_reports" USING btree ("device_id","reported_at");--> statement-breakpoint
CREATE INDEX "device_usage_daily_company_day_idx" ON "device_usage_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_imei_uq" ON "devices" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "devices_company_created_idx" ON "devices" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "devices_company_status_idx" ON "devices" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "devices_company_usage_y_idx" ON "devices" USING btree ("company_id","usage_yesterday","id");--> statement-breakpoint
CREATE INDEX "devices_company_usage_m_idx" ON "devices" USING btree ("company_id","usage_month","id");--> statement-breakpoint
CREATE INDEX "devices_expiry_idx" ON "devices" USING btree ("license_expires_at");--> statement-breakpoint
CREATE INDEX "devices_group_idx" ON "devices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "import_tasks_company_idx" ON "import_tasks" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "license_ledger_company_idx" ON "license_ledger" USING btree ("company_id");