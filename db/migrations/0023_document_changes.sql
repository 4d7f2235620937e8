-- The detail's 首营资料与药检报告 box is read from the catalogue read model too: a goods' documents
-- and its lots' reports change what its detail shows, so their writes are logged like a lot's.
-- The shop's own documents (no goods) change no goods: the log function now skips rows without one.
-- The read model reads them by goods (a lot's report included), hence the index.
CREATE INDEX IF NOT EXISTS "gsp_documents_goods_idx" ON "gsp_documents" USING btree ("goods_id");
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
    EXECUTE format('INSERT INTO "catalog_changes" ("goods_id") SELECT DISTINCT %I FROM changed WHERE %I IS NOT NULL', TG_ARGV[0], TG_ARGV[0]);
  END IF;
  PERFORM pg_notify('catalog_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "gsp_documents_catalog_ins" AFTER INSERT ON "gsp_documents" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_catalog_change('goods_id', '');
--> statement-breakpoint
CREATE TRIGGER "gsp_documents_catalog_upd" AFTER UPDATE ON "gsp_documents" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_catalog_change('goods_id', '');
--> statement-breakpoint
CREATE TRIGGER "gsp_documents_catalog_del" AFTER DELETE ON "gsp_documents" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION log_catalog_change('goods_id', '');
