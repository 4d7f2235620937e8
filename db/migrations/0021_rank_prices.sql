ALTER TABLE "goods" ADD COLUMN "rank_prices" jsonb DEFAULT '{}'::jsonb NOT NULL;
