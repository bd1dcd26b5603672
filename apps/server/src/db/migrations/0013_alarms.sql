CREATE TABLE "alarm_mail_log" (
	"setting_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alarm_mail_log_setting_id_hour_pk" PRIMARY KEY("setting_id","hour")
);
--> statement-breakpoint
CREATE TABLE "alarm_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"group_id" uuid,
	"threshold_type" text DEFAULT 'device_flow' NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"emails" text NOT NULL,
	"threshold_mb" numeric(12, 2) NOT NULL,
	"urgent_mb" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alarm_no" bigserial NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"level" text NOT NULL,
	"setting_id" uuid,
	"device_id" uuid,
	"imei" text,
	"dedupe_key" text NOT NULL,
	"window_start" date,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"escalated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by" uuid
);
--> statement-breakpoint
CREATE TABLE "pool_warnings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"warning_mb" integer NOT NULL,
	"alarm_mb" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "alarm_settings" ADD CONSTRAINT "alarm_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_warnings" ADD CONSTRAINT "pool_warnings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_settings_company_idx" ON "alarm_settings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "alarm_settings_on_idx" ON "alarm_settings" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_dedupe_uq" ON "alarms" USING btree ("dedupe_key") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_no_uq" ON "alarms" USING btree ("alarm_no");--> statement-breakpoint
CREATE INDEX "alarms_company_created_idx" ON "alarms" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "alarms_company_open_unhandled_idx" ON "alarms" USING btree ("company_id") WHERE ended_at IS NULL AND handled_at IS NULL;--> statement-breakpoint
CREATE INDEX "alarms_setting_open_idx" ON "alarms" USING btree ("setting_id") WHERE ended_at IS NULL;