CREATE TABLE "detections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"operation_id" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by" uuid
);
--> statement-breakpoint
CREATE TABLE "device_probes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"domain" text NOT NULL,
	"packet_loss" real NOT NULL,
	"delay_ms" integer,
	"jitter_ms" integer,
	"reachable" boolean DEFAULT true NOT NULL,
	"detection_id" uuid,
	"evaluated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"interval_minutes" integer NOT NULL,
	"type" text NOT NULL,
	"domains" text[] NOT NULL,
	"quality" text NOT NULL,
	"mode" text NOT NULL,
	"packet_loss" real NOT NULL,
	"delay_ms" integer NOT NULL,
	"jitter_ms" integer NOT NULL,
	"consecutive" integer DEFAULT 3 NOT NULL,
	"switch_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_groups" ADD COLUMN "data_cap_mb" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "probe_fail_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_probe_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "data_cap_mb" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "cap_suspended_month" date;--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_probes" ADD CONSTRAINT "device_probes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "detections_device_started_idx" ON "detections" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE INDEX "device_probes_device_at_idx" ON "device_probes" USING btree ("device_id","measured_at");--> statement-breakpoint
CREATE INDEX "device_probes_pending_idx" ON "device_probes" USING btree ("id") WHERE NOT evaluated;--> statement-breakpoint
CREATE INDEX "device_probes_detection_idx" ON "device_probes" USING btree ("detection_id") WHERE detection_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "strategies_company_name_uq" ON "strategies" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "devices_strategy_idx" ON "devices" USING btree ("strategy_id") WHERE strategy_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "devices_own_cap_idx" ON "devices" USING btree ("id") WHERE data_cap_mb IS NOT NULL;--> statement-breakpoint
CREATE INDEX "devices_cap_suspended_idx" ON "devices" USING btree ("id") WHERE cap_suspended_month IS NOT NULL;