-- When a device last reported moves out of devices into a narrow table: every report batch
-- writes it, and a row of devices carries some twenty indexes (list orders, trigram search), so
-- any update that cannot stay on its page rewrites all of them. Here the row is small, has one
-- index and half of each page free, so it is updated in place; devices changes only when the
-- reported state does.
CREATE TABLE "device_last_reports" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
) WITH (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "device_last_reports" ADD CONSTRAINT "device_last_reports_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "device_last_reports" ("device_id", "at") SELECT "id", "last_report_at" FROM "devices" WHERE "last_report_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "last_report_at";
