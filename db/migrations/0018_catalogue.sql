CREATE TABLE "goods_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "erp_code" text;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_erp_code_uq" ON "goods" USING btree ("erp_code");--> statement-breakpoint
CREATE INDEX "goods_approval_no_idx" ON "goods" USING btree ("approval_no");
--> statement-breakpoint
-- goods.stock is the sum of its lots' stock, kept by the database: every reader of goods.stock and
-- every writer of goods_lots (orders, picking, returns, the goods desk, imports) agree without the
-- application writing both. Statement triggers with transition tables: one UPDATE of goods per
-- statement, however many lots it touched (an import of thousands of lots stays one join).
CREATE OR REPLACE FUNCTION "goods_stock_from_lots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "goods" g SET "stock" = g."stock" + d.n
      FROM (SELECT "goods_id", sum("stock")::int AS n FROM new_lots GROUP BY "goods_id") d
      WHERE g."id" = d."goods_id" AND d.n <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "goods" g SET "stock" = g."stock" - d.n
      FROM (SELECT "goods_id", sum("stock")::int AS n FROM old_lots GROUP BY "goods_id") d
      WHERE g."id" = d."goods_id" AND d.n <> 0;
  ELSE
    UPDATE "goods" g SET "stock" = g."stock" + d.n
      FROM (
        SELECT "goods_id", sum(n)::int AS n FROM (
          SELECT "goods_id", "stock" AS n FROM new_lots
          UNION ALL
          SELECT "goods_id", -"stock" AS n FROM old_lots
        ) m GROUP BY "goods_id"
      ) d
      WHERE g."id" = d."goods_id" AND d.n <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "goods_lots_stock_insert" AFTER INSERT ON "goods_lots"
  REFERENCING NEW TABLE AS new_lots FOR EACH STATEMENT EXECUTE FUNCTION "goods_stock_from_lots"();
--> statement-breakpoint
CREATE TRIGGER "goods_lots_stock_update" AFTER UPDATE ON "goods_lots"
  REFERENCING NEW TABLE AS new_lots OLD TABLE AS old_lots FOR EACH STATEMENT EXECUTE FUNCTION "goods_stock_from_lots"();
--> statement-breakpoint
CREATE TRIGGER "goods_lots_stock_delete" AFTER DELETE ON "goods_lots"
  REFERENCING OLD TABLE AS old_lots FOR EACH STATEMENT EXECUTE FUNCTION "goods_stock_from_lots"();
--> statement-breakpoint
UPDATE "goods" g SET "stock" = coalesce((SELECT sum(l."stock")::int FROM "goods_lots" l WHERE l."goods_id" = g."id"), 0);
--> statement-breakpoint
ALTER TABLE "goods_lots" ADD CONSTRAINT "goods_lots_stock_not_negative" CHECK ("stock" >= 0);
