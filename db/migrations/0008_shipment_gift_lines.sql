ALTER TABLE "shipment_lines" ALTER COLUMN "lot_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_lines" ALTER COLUMN "expires_on" DROP NOT NULL;