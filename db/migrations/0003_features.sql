CREATE TABLE "points_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"stock" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_goods_stock_nonneg" CHECK (stock >= 0),
	CONSTRAINT "points_goods_points_pos" CHECK (points > 0)
);
--> statement-breakpoint
CREATE TABLE "points_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"points_goods_id" integer NOT NULL,
	"name" text NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"unit_points" integer NOT NULL,
	"number" integer NOT NULL,
	"total_points" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wanted_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"goods_name" text NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"expected_price" integer,
	"phone" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"daily_limit" integer DEFAULT 1 NOT NULL,
	"popup" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_activities_daily_limit_pos" CHECK (daily_limit > 0)
);
--> statement-breakpoint
CREATE TABLE "draw_chances" (
	"activity_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "draw_chances_activity_id_company_id_day_pk" PRIMARY KEY("activity_id","company_id","day")
);
--> statement-breakpoint
CREATE TABLE "draw_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"threshold" integer DEFAULT 0 NOT NULL,
	"valid_days" integer DEFAULT 30 NOT NULL,
	"weight" integer NOT NULL,
	"stock" integer,
	"remarks" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "draw_prizes_stock_nonneg" CHECK (stock IS NULL OR stock >= 0),
	CONSTRAINT "draw_prizes_weight_nonneg" CHECK (weight >= 0)
);
--> statement-breakpoint
CREATE TABLE "draw_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "points_orders" ADD CONSTRAINT "points_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_orders" ADD CONSTRAINT "points_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_orders" ADD CONSTRAINT "points_orders_points_goods_id_points_goods_id_fk" FOREIGN KEY ("points_goods_id") REFERENCES "public"."points_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_requests" ADD CONSTRAINT "wanted_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_requests" ADD CONSTRAINT "wanted_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_chances" ADD CONSTRAINT "draw_chances_activity_id_draw_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."draw_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_chances" ADD CONSTRAINT "draw_chances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_prizes" ADD CONSTRAINT "draw_prizes_activity_id_draw_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."draw_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_activity_id_draw_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."draw_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_prize_id_draw_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."draw_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_orders_no_uq" ON "points_orders" USING btree ("no");--> statement-breakpoint
CREATE INDEX "points_orders_company_idx" ON "points_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "wanted_requests_company_idx" ON "wanted_requests" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "draw_prizes_activity_idx" ON "draw_prizes" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "draw_records_company_idx" ON "draw_records" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "draw_records_activity_idx" ON "draw_records" USING btree ("activity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_claims_once_uq" ON "coupon_claims" USING btree ("template_id","company_id");--> statement-breakpoint
CREATE INDEX "coupon_templates_sort_idx" ON "coupon_templates" USING btree ("sort");