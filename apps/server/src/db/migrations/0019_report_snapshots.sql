CREATE TABLE "report_snapshots" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"to_day" date NOT NULL,
	"body" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_snapshots_company_id_kind_period_pk" PRIMARY KEY("company_id","kind","period")
);
--> statement-breakpoint
ALTER TABLE "report_snapshots" ADD CONSTRAINT "report_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;