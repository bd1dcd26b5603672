CREATE TABLE "company_usage_daily" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"online_reports" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_usage_daily_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_usage_monthly" (
	"device_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"online_reports" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_usage_monthly_device_id_month_pk" PRIMARY KEY("device_id","month")
);
--> statement-breakpoint
CREATE INDEX "device_usage_monthly_company_month_idx" ON "device_usage_monthly" USING btree ("company_id","month") INCLUDE ("device_id","bytes","reports","online_reports");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_message_idx" ON "webhook_deliveries" USING btree ("message_id");--> statement-breakpoint
INSERT INTO "device_usage_monthly" ("device_id", "company_id", "month", "bytes", "reports", "online_reports")
SELECT "device_id", (array_agg("company_id" ORDER BY "day" DESC))[1], date_trunc('month', "day")::date, sum("bytes"), sum("reports"), sum("online_reports")
FROM "device_usage_daily" GROUP BY "device_id", date_trunc('month', "day")::date;--> statement-breakpoint
INSERT INTO "company_usage_daily" ("company_id", "day", "bytes", "reports", "online_reports")
SELECT "company_id", "day", sum("bytes"), sum("reports"), sum("online_reports") FROM "device_usage_daily" GROUP BY "company_id", "day";
