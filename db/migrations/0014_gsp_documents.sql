CREATE TABLE "gsp_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer,
	"lot_id" integer,
	"kind" text NOT NULL,
	"file" text NOT NULL,
	"valid_until" date,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gsp_documents" ADD CONSTRAINT "gsp_documents_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gsp_documents" ADD CONSTRAINT "gsp_documents_lot_id_goods_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."goods_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gsp_documents_goods_kind_uq" ON "gsp_documents" USING btree ("goods_id","kind") WHERE "gsp_documents"."lot_id" is null and "gsp_documents"."goods_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gsp_documents_lot_uq" ON "gsp_documents" USING btree ("lot_id") WHERE "gsp_documents"."lot_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gsp_documents_shop_kind_uq" ON "gsp_documents" USING btree ("kind") WHERE "gsp_documents"."goods_id" is null;--> statement-breakpoint
CREATE INDEX "gsp_documents_valid_idx" ON "gsp_documents" USING btree ("valid_until");