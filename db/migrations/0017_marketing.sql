DROP INDEX "coupon_claims_once_uq";--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "per_store_limit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "coupon_claims_template_company_idx" ON "coupon_claims" USING btree ("template_id","company_id");--> statement-breakpoint
ALTER TABLE "combinations" ADD COLUMN "starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "combinations" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_rules" ADD COLUMN "starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_rules" ADD COLUMN "ends_at" timestamp with time zone;