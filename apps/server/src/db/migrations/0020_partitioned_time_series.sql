CREATE OR REPLACE FUNCTION "rrp_month_partition"("parent" text, "month" date) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  lo date := date_trunc('month', "month")::date;
  hi date := (date_trunc('month', "month") + interval '1 month')::date;
  part text := "parent" || '_' || to_char(lo, 'YYYYMM');
  keycol text := CASE "parent" WHEN 'device_reports' THEN 'received_at' ELSE 'day' END;
  lo_v text := CASE "parent" WHEN 'device_reports' THEN quote_literal(lo::text || ' 00:00:00+00') ELSE quote_literal(lo::text) END;
  hi_v text := CASE "parent" WHEN 'device_reports' THEN quote_literal(hi::text || ' 00:00:00+00') ELSE quote_literal(hi::text) END;
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN part; END IF;
  -- rows of that month already in the default partition move to the new one before it is attached
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, "parent");
  EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= %s AND %I < %s RETURNING *) INSERT INTO %I SELECT * FROM moved',
                 "parent" || '_default', keycol, lo_v, keycol, hi_v, part);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', "parent", part, lo_v, hi_v);
  RETURN part;
END $$;
--> statement-breakpoint
ALTER TABLE "device_reports" RENAME TO "device_reports_unpartitioned";--> statement-breakpoint
ALTER INDEX "device_reports_device_idx" RENAME TO "device_reports_unpartitioned_device_idx";--> statement-breakpoint
ALTER TABLE "device_reports_unpartitioned" RENAME CONSTRAINT "device_reports_pkey" TO "device_reports_unpartitioned_pkey";--> statement-breakpoint
ALTER SEQUENCE "device_reports_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "device_reports" (
	"id" bigint DEFAULT nextval('device_reports_id_seq') NOT NULL,
	"device_id" uuid NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"bytes" bigint NOT NULL,
	"online" boolean NOT NULL,
	"signal_level" integer,
	"network_operator" text,
	"network_type" text,
	"area" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_reports_id_received_at_pk" PRIMARY KEY("id","received_at")
) PARTITION BY RANGE ("received_at");--> statement-breakpoint
ALTER SEQUENCE "device_reports_id_seq" OWNED BY "device_reports"."id";--> statement-breakpoint
CREATE INDEX "device_reports_device_idx" ON "device_reports" USING btree ("device_id","reported_at");--> statement-breakpoint
CREATE TABLE "device_reports_default" PARTITION OF "device_reports" DEFAULT;--> statement-breakpoint
ALTER TABLE "device_usage_daily" RENAME TO "device_usage_daily_unpartitioned";--> statement-breakpoint
ALTER INDEX "device_usage_daily_company_day_idx" RENAME TO "device_usage_daily_unpartitioned_company_day_idx";--> statement-breakpoint
ALTER TABLE "device_usage_daily_unpartitioned" RENAME CONSTRAINT "device_usage_daily_device_id_day_pk" TO "device_usage_daily_unpartitioned_pk";--> statement-breakpoint
CREATE TABLE "device_usage_daily" (
	"device_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"roaming_bytes" bigint DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"online_reports" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_usage_daily_device_id_day_pk" PRIMARY KEY("device_id","day")
) PARTITION BY RANGE ("day");--> statement-breakpoint
CREATE INDEX "device_usage_daily_company_day_idx" ON "device_usage_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE TABLE "device_usage_daily_default" PARTITION OF "device_usage_daily" DEFAULT;--> statement-breakpoint
SELECT "rrp_month_partition"(t, m::date)
FROM unnest(ARRAY['device_reports', 'device_usage_daily']) AS t,
     generate_series(date_trunc('month', now()) - interval '1 month', date_trunc('month', now()) + interval '2 months', interval '1 month') AS m;--> statement-breakpoint
SELECT "rrp_month_partition"('device_reports', m::date) FROM (SELECT DISTINCT date_trunc('month', "received_at" AT TIME ZONE 'UTC') AS m FROM "device_reports_unpartitioned") s;--> statement-breakpoint
SELECT "rrp_month_partition"('device_usage_daily', m::date) FROM (SELECT DISTINCT date_trunc('month', "day") AS m FROM "device_usage_daily_unpartitioned") s;--> statement-breakpoint
INSERT INTO "device_reports" ("id", "device_id", "reported_at", "bytes", "online", "signal_level", "network_operator", "network_type", "area", "received_at")
SELECT "id", "device_id", "reported_at", "bytes", "online", "signal_level", "network_operator", "network_type", "area", "received_at" FROM "device_reports_unpartitioned";--> statement-breakpoint
INSERT INTO "device_usage_daily" ("device_id", "company_id", "day", "bytes", "roaming_bytes", "reports", "online_reports")
SELECT "device_id", "company_id", "day", "bytes", "roaming_bytes", "reports", "online_reports" FROM "device_usage_daily_unpartitioned";--> statement-breakpoint
DROP TABLE "device_reports_unpartitioned";--> statement-breakpoint
DROP TABLE "device_usage_daily_unpartitioned";
