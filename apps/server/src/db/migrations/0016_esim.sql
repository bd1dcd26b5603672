CREATE TABLE "at_cards" (
	"device_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"iccid" text,
	"operator_code" text,
	"state" text NOT NULL,
	"signal_level" integer,
	"synced_at" timestamp with time zone,
	CONSTRAINT "at_cards_device_id_slot_pk" PRIMARY KEY("device_id","slot")
);
--> statement-breakpoint
CREATE TABLE "esim_profiles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"iccid" text NOT NULL,
	"operator_code" text NOT NULL,
	"state" text DEFAULT 'disabled' NOT NULL,
	"ac_code" text,
	"usage_bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "esim_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "at_cards" ADD CONSTRAINT "at_cards_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_profiles" ADD CONSTRAINT "esim_profiles_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esim_profiles_device_idx" ON "esim_profiles" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_profiles_iccid_uq" ON "esim_profiles" USING btree ("iccid") WHERE state <> 'deleted';--> statement-breakpoint
CREATE UNIQUE INDEX "esim_profiles_enabled_uq" ON "esim_profiles" USING btree ("device_id") WHERE state = 'enabled';