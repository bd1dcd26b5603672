-- The device list walks, for each company of the caller's subtree, one index in the order of the
-- chosen sort and stops after a page (modules/devices/list-query.ts). Each sort key (created_at,
-- usage_yesterday, usage_month, then id) has its index per company, alone or after an equality
-- filter (status, group), so a filtered page is an index walk too. Substring searches of IMEI and
-- name use trigram GIN indexes that start with company_id (btree_gin), so one index scan finds a
-- company's matches. pg_trgm and btree_gin are trusted extensions (PostgreSQL 13+): the database
-- owner creates them without superuser; PGlite loads them in openPglite.
-- (company_id, status, created_at, id) replaces the (company_id, status) index it begins with.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "devices_company_status_idx";--> statement-breakpoint
CREATE INDEX "devices_company_status_created_idx" ON "devices" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "devices_company_status_usage_y_idx" ON "devices" USING btree ("company_id","status","usage_yesterday","id");--> statement-breakpoint
CREATE INDEX "devices_company_status_usage_m_idx" ON "devices" USING btree ("company_id","status","usage_month","id");--> statement-breakpoint
CREATE INDEX "devices_company_group_created_idx" ON "devices" USING btree ("company_id","group_id","created_at","id");--> statement-breakpoint
CREATE INDEX "devices_company_group_usage_y_idx" ON "devices" USING btree ("company_id","group_id","usage_yesterday","id");--> statement-breakpoint
CREATE INDEX "devices_company_group_usage_m_idx" ON "devices" USING btree ("company_id","group_id","usage_month","id");--> statement-breakpoint
CREATE INDEX "devices_company_imei_trgm_idx" ON "devices" USING gin ("company_id","imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_company_name_trgm_idx" ON "devices" USING gin ("company_id","name" gin_trgm_ops);
