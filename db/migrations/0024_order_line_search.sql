-- The order desk finds orders by a goods name in their lines (fulfilment/queue.orderSearch): without
-- an index each search read every line (0.7 s per count at 760,000 lines on the embedded database,
-- whose one thread every other request waits for). pg_trgm indexes Chinese text as well.
CREATE INDEX IF NOT EXISTS "order_lines_name_trgm_idx" ON "order_lines" USING gin ("name" gin_trgm_ops);
