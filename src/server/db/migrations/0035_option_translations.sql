-- Staff give option names and values (Length, 14 cm, Tip, Curved) in Urdu and Arabic; every option starts with none.
ALTER TABLE "product_options" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Search finds a catalogue number typed without its hyphens or spaces ...
CREATE INDEX "product_variants_model_number_compact_idx" ON "product_variants" USING btree (regexp_replace(lower("model_number"), '[^a-z0-9]', '', 'g'));--> statement-breakpoint
-- ... and asks whether a product's name holds the words searched for.
CREATE INDEX "products_name_words_idx" ON "products" USING gin (to_tsvector('english', "name"));
