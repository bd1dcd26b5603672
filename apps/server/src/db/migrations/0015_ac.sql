CREATE TABLE "ac_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"ac_code" text NOT NULL,
	"imei" text,
	"eid" text,
	"iccid" text,
	"operator_code" text,
	"status" text DEFAULT 'IDLE' NOT NULL,
	"device_id" uuid,
	"bound_at" timestamp with time zone,
	"import_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "eid" text;--> statement-breakpoint
ALTER TABLE "ac_codes" ADD CONSTRAINT "ac_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ac_codes" ADD CONSTRAINT "ac_codes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ac_codes_code_uq" ON "ac_codes" USING btree ("ac_code") WHERE status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "ac_codes_company_created_idx" ON "ac_codes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_eid_uq" ON "devices" USING btree ("eid");