ALTER TABLE "licences" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "bill_day" integer;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licences_state_idx" ON "licences" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_bill_day_range" CHECK (bill_day IS NULL OR bill_day BETWEEN 1 AND 28);