-- A desk search of two characters (感冒, 阿莫, gm, 仁和) holds no trigram, so the trigram indexes
-- of 0024-0026 cannot serve it: it read every goods (~0.85 s at 100,000 goods), every order line
-- or every store and login on the embedded database, whose one thread every other request waits
-- for. These index each row by the two-character pieces of its searched texts, lower-cased as
-- ILIKE compares them: a row containing the search holds it as one of its bigrams. PL/pgSQL, whose
-- plan is kept for the session: as an SQL function (unnest, generate_series) it was planned again
-- in every statement, 5x the cost per goods, and an import of 50,000 goods took 1.8x as long. A
-- piece repeated stays repeated: the index keeps each key of a row once.
CREATE OR REPLACE FUNCTION text_bigrams(texts text[]) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
  DECLARE
    pieces text[] := '{}';
    t text;
    i int;
  BEGIN
    FOREACH t IN ARRAY texts LOOP
      IF t IS NOT NULL THEN
        t := lower(t);
        FOR i IN 1 .. char_length(t) - 1 LOOP
          pieces := pieces || substr(t, i, 2);
        END LOOP;
      END IF;
    END LOOP;
    RETURN pieces;
  END
  $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "goods_desk_search_bigram_idx" ON "goods" USING gin (text_bigrams(ARRAY["name", "trade_name", "sccj", "name_initials"]));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_search_bigram_idx" ON "accounts" USING gin (text_bigrams(ARRAY["username", "phone"]));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_search_bigram_idx" ON "companies" USING gin (text_bigrams(ARRAY["name", "province", "city"]));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_lines_name_bigram_idx" ON "order_lines" USING gin (text_bigrams(ARRAY["name"]));
