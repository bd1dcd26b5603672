ALTER TABLE "device_reports" RENAME COLUMN "operator" TO "network_operator";--> statement-breakpoint
ALTER TABLE "devices" RENAME COLUMN "operator" TO "network_operator";--> statement-breakpoint
UPDATE "users" SET "kind" = 'staff' WHERE "kind" = 'operator';
