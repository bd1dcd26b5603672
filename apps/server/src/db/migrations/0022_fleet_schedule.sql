-- Ingestion no longer writes a last report time per report (a device's last report time is its
-- newest row in device_reports, which an index answers); only the simulated fleet keeps a clock
-- of its own, to pick the devices due to report. It is updated in place, tick after tick.
CREATE TABLE "fleet_schedule" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"last_at" timestamp with time zone NOT NULL
) WITH (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "fleet_schedule" ADD CONSTRAINT "fleet_schedule_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "fleet_schedule" ("device_id", "last_at") SELECT "device_id", "at" FROM "device_last_reports";--> statement-breakpoint
DROP TABLE "device_last_reports";
