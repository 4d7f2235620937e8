-- The goods desk's search (goodsDesk/load.ts) by name, trade name, code, ERP code, approval number,
-- manufacturer or pinyin initials finds goods through this rather than reading every goods
-- (0.5–0.8 s per query at 100,000 goods on the embedded database, whose one thread every other
-- request waits for; 10–40 ms with it). goods.stock, which every order changes, is not in it.
CREATE INDEX IF NOT EXISTS "goods_desk_search_trgm_idx" ON "goods" USING gin ("name" gin_trgm_ops,"trade_name" gin_trgm_ops,"code" gin_trgm_ops,"erp_code" gin_trgm_ops,"approval_no" gin_trgm_ops,"sccj" gin_trgm_ops,"name_initials" gin_trgm_ops);
