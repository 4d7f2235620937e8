-- The search index of every process reloads when this number changes. It moves only when what the
-- index holds changes (goods added, removed or renamed), not on stock or sales, so checking it is
-- one single-row read instead of a scan of the goods table.
CREATE TABLE IF NOT EXISTS "search_version" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "search_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_search_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "goods_search_version"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "trade_name", "sccj", "spec", "approval_no", "name_initials", "name_pinyin",
    "trade_initials", "trade_pinyin", "sccj_initials", "sccj_pinyin" ON "goods"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_version"();
--> statement-breakpoint
CREATE TRIGGER "goods_search_version_truncate" AFTER TRUNCATE ON "goods"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_version"();
