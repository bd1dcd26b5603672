CREATE TABLE "bill_lines" (
	"bill_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"imei" text NOT NULL,
	"device_name" text,
	"usage_bytes" bigint NOT NULL,
	"roaming_bytes" bigint NOT NULL,
	"roaming_fen" bigint NOT NULL,
	"number_fen" bigint NOT NULL,
	CONSTRAINT "bill_lines_bill_id_device_id_pk" PRIMARY KEY("bill_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "billing_rates" (
	"code" text PRIMARY KEY NOT NULL,
	"fen" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"bill_month" text NOT NULL,
	"package_fen" bigint NOT NULL,
	"overage_fen" bigint NOT NULL,
	"roaming_fen" bigint NOT NULL,
	"number_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"devices" integer NOT NULL,
	"usage_bytes" bigint NOT NULL,
	"overage_mb" bigint NOT NULL,
	"roaming_bytes" bigint NOT NULL,
	"rates" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_orders" (
	"invoice_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "invoice_orders_invoice_id_order_no_pk" PRIMARY KEY("invoice_id","order_no")
);
--> statement-breakpoint
CREATE TABLE "invoice_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"taxpayer_id" text NOT NULL,
	"bank" text NOT NULL,
	"bank_account" text NOT NULL,
	"registered_address" text NOT NULL,
	"registered_phone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_no" text NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"title" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"net_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"applied_by" uuid,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"executed_by" uuid,
	"issued_at" timestamp with time zone,
	"invoice_no" text,
	"invoice_date" date,
	"file" "bytea",
	"file_kind" text,
	"tracking_note" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by_kind" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "device_usage_daily" ADD COLUMN "roaming_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_orders" ADD CONSTRAINT "invoice_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_recipients" ADD CONSTRAINT "invoice_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_executed_by_users_id_fk" FOREIGN KEY ("executed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_lines_device_idx" ON "bill_lines" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_company_month_uq" ON "bills" USING btree ("company_id","bill_month");--> statement-breakpoint
CREATE INDEX "invoice_orders_order_idx" ON "invoice_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "invoice_recipients_company_idx" ON "invoice_recipients" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_recipients_default_uq" ON "invoice_recipients" USING btree ("company_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "invoice_titles_company_idx" ON "invoice_titles" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_titles_default_uq" ON "invoice_titles" USING btree ("company_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ticket_no_uq" ON "invoices" USING btree ("ticket_no");--> statement-breakpoint
CREATE INDEX "invoices_company_applied_idx" ON "invoices" USING btree ("company_id","applied_at");--> statement-breakpoint
CREATE INDEX "invoices_status_applied_idx" ON "invoices" USING btree ("status","applied_at");--> statement-breakpoint
CREATE INDEX "orders_invoiceable_idx" ON "orders" USING btree ("company_id","completed_at") WHERE status = 'completed' AND invoice_id IS NULL;--> statement-breakpoint
INSERT INTO "billing_rates" ("code", "fen") VALUES
	('overage_per_mb', 2),
	('roaming_per_mb', 5),
	('number_per_device', 100);
