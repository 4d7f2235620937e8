CREATE TABLE "coupon_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'coupon' NOT NULL,
	"name" text NOT NULL,
	"threshold" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "is_welfare" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_claims_once_uq" ON "coupon_claims" USING btree ("template_id","company_id");--> statement-breakpoint
CREATE INDEX "coupon_templates_sort_idx" ON "coupon_templates" USING btree ("sort");