CREATE TABLE "ac_license_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchandise" (
	"product_type" smallint PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"unit_price_fen" integer NOT NULL,
	"promo_price_fen" integer,
	"promo_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"product_type" smallint NOT NULL,
	"product_name_zh" text NOT NULL,
	"product_name_en" text NOT NULL,
	"unit_price_fen" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_fen" bigint NOT NULL,
	"pay_method" text NOT NULL,
	"payer_name" text NOT NULL,
	"remark" text,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"transaction_id" text,
	"paid_fen" bigint,
	"code_url" text,
	"queried_at" timestamp with time zone,
	"bank_transaction_no" text,
	"remittance_code" text,
	"remittance_state" text,
	"remittance_submitted_at" timestamp with time zone,
	"remittance_reject_reason" text,
	"reconciled_by" uuid,
	"delivered" jsonb
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text,
	"order_no" text,
	"outcome" text NOT NULL,
	"reason" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ac_license_ledger" ADD CONSTRAINT "ac_license_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise" ADD CONSTRAINT "merchandise_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reconciled_by_users_id_fk" FOREIGN KEY ("reconciled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ac_license_ledger_company_idx" ON "ac_license_ledger" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_remittance_code_uq" ON "orders" USING btree ("remittance_code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_id_uq" ON "orders" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE status = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_reconciliation_idx" ON "orders" USING btree ("remittance_submitted_at") WHERE remittance_state = 'submitted';--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_no","created_at");--> statement-breakpoint
INSERT INTO "merchandise" ("product_type", "name_zh", "name_en", "unit_price_fen", "promo_price_fen") VALUES
	(0, '设备 License', 'Device License', 6000, 4900),
	(1, '流量包（1 GB）', 'Data (1 GB)', 1000, NULL),
	(4, 'AC License', 'AC License', 500, NULL);
