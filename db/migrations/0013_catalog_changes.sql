-- The catalogue read model (src/server/catalog/readModel.ts) of every process holds all goods in
-- memory and stays current by reading this log: one row per goods and write that changed what a
-- card or a detail shows (the goods row, its lots, ladders, sales rule, price variants, gifts,
-- full-reduction activities, combinations). Statement triggers write one row per goods touched,
-- so a bulk write is one insert; a process asks for the goods changed after the last sequence it
-- saw. Rows are pruned after a while; a process that slept longer reloads everything.
CREATE TABLE IF NOT EXISTS "catalog_changes" (
  "seq" bigserial PRIMARY KEY,
  "goods_id" integer NOT NULL,
  "xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
  "at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalog_changes_xid_idx" ON "catalog_changes" ("xid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalog_changes_at_idx" ON "catalog_changes" ("at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "log_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column naming the goods; TG_ARGV[1]: how to reach it from the changed rows.
  IF TG_ARGV[1] = 'manjian' THEN
    INSERT INTO "catalog_changes" ("goods_id")
      SELECT DISTINCT mg.goods_id FROM changed c JOIN manjian_goods mg ON mg.activity_id = c.id;
  ELSIF TG_ARGV[1] = 'combination' THEN
    INSERT INTO "catalog_changes" ("goods_id")
      SELECT DISTINCT ci.goods_id FROM changed c JOIN combination_items ci ON ci.combination_id = c.id;
  ELSE
    EXECUTE format('INSERT INTO "catalog_changes" ("goods_id") SELECT DISTINCT %I FROM changed', TG_ARGV[0]);
  END IF;
  PERFORM pg_notify('catalog_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('goods', 'id', ''), ('goods_lots', 'goods_id', ''), ('ladder_prices', 'goods_id', ''),
    ('controlled_rules', 'goods_id', ''), ('goods_prices', 'goods_id', ''), ('gift_rules', 'goods_id', ''),
    ('manjian_goods', 'goods_id', ''), ('combination_items', 'goods_id', ''),
    ('manjian_activities', 'id', 'manjian'), ('combinations', 'id', 'combination')
  ) AS v(tbl, col, via) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_catalog_change(%L, %L)', t.tbl || '_catalog_ins', t.tbl, t.col, t.via);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_catalog_change(%L, %L)', t.tbl || '_catalog_upd', t.tbl, t.col, t.via);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_catalog_change(%L, %L)', t.tbl || '_catalog_del', t.tbl, t.col, t.via);
  END LOOP;
END
$$;
