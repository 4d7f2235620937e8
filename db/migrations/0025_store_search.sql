-- The store desk's search by store name, province, city, login or phone (storeProfiles/queue.ts)
-- finds stores through these rather than reading every store and login (~150 ms per query at
-- 50,000 stores on the embedded database, whose one thread every other request waits for).
CREATE INDEX IF NOT EXISTS "accounts_search_trgm_idx" ON "accounts" USING gin ("username" gin_trgm_ops,"phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_search_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops,"province" gin_trgm_ops,"city" gin_trgm_ops);
