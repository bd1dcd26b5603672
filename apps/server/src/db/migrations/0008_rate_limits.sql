CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_bucket_subject_pk" PRIMARY KEY("bucket","subject")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
DROP TABLE "rate_counters" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limits_window_ends_idx" ON "rate_limits" USING btree ("window_ends");