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
ALTER TABLE "points_orders" ADD CONSTRAINT "points_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_orders" ADD CONSTRAINT "points_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_orders" ADD CONSTRAINT "points_orders_points_goods_id_points_goods_id_fk" FOREIGN KEY ("points_goods_id") REFERENCES "public"."points_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_requests" ADD CONSTRAINT "wanted_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_requests" ADD CONSTRAINT "wanted_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_orders_no_uq" ON "points_orders" USING btree ("no");--> statement-breakpoint
CREATE INDEX "points_orders_company_idx" ON "points_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "wanted_requests_company_idx" ON "wanted_requests" USING btree ("company_id","id");