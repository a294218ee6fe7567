CREATE TABLE "legacy_ids" (
	"collection" text NOT NULL,
	"old_id" text NOT NULL,
	"new_id" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_ids_collection_old_id_pk" PRIMARY KEY("collection","old_id")
);
--> statement-breakpoint
CREATE INDEX "legacy_ids_old_id_idx" ON "legacy_ids" USING btree ("old_id");