CREATE TABLE "report_goods_days" (
	"day" date NOT NULL,
	"goods_id" integer NOT NULL,
	"units" integer NOT NULL,
	"lines" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_goods_days_day_goods_id_pk" PRIMARY KEY("day","goods_id")
);
--> statement-breakpoint
CREATE TABLE "report_goods_months" (
	"month" date NOT NULL,
	"goods_id" integer NOT NULL,
	"units" integer NOT NULL,
	"lines" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_goods_months_month_goods_id_pk" PRIMARY KEY("month","goods_id")
);
--> statement-breakpoint
CREATE TABLE "report_payment_days" (
	"day" date NOT NULL,
	"method" text NOT NULL,
	"orders" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_payment_days_day_method_pk" PRIMARY KEY("day","method")
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"name" text PRIMARY KEY NOT NULL,
	"through" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_store_days" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_store_days_day_company_id_pk" PRIMARY KEY("day","company_id")
);
--> statement-breakpoint
CREATE TABLE "report_visit_days" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "report_visit_days_day_account_id_pk" PRIMARY KEY("day","account_id")
);
--> statement-breakpoint
INSERT INTO "report_store_days" ("day", "company_id", "orders", "amount")
SELECT (("created_at" AT TIME ZONE 'UTC') + interval '8 hours')::date, "company_id", count(*), sum("payable_amount")
FROM "orders" WHERE "status" <> 'cancelled' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "report_goods_days" ("day", "goods_id", "units", "lines", "amount")
SELECT ((o."created_at" AT TIME ZONE 'UTC') + interval '8 hours')::date, l."goods_id", sum(l."number"), count(*), sum(l."amount" - l."discount")
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id" WHERE o."status" <> 'cancelled' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "report_goods_months" ("month", "goods_id", "units", "lines", "amount")
SELECT date_trunc('month', "day")::date, "goods_id", sum("units"), sum("lines"), sum("amount")
FROM "report_goods_days" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "report_payment_days" ("day", "method", "orders", "amount")
SELECT (("paid_at" AT TIME ZONE 'UTC') + interval '8 hours')::date, "pay_method", count(*), sum("payable_amount")
FROM "orders" WHERE "pay_method" IS NOT NULL AND "paid_at" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "report_visit_days" ("day", "account_id", "views")
SELECT (("at" AT TIME ZONE 'UTC') + interval '8 hours')::date, coalesce("account_id", 0), count(*)
FROM "page_views" WHERE (("at" AT TIME ZONE 'UTC') + interval '8 hours')::date < ((now() AT TIME ZONE 'UTC') + interval '8 hours')::date GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "report_rollups" ("name", "through") VALUES ('visits', ((now() AT TIME ZONE 'UTC') + interval '8 hours')::date - 1);
