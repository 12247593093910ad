CREATE TABLE "category_image_renditions" (
	"category_id" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "category_image_renditions_category_id_format_width_pk" PRIMARY KEY("category_id","format","width")
);
--> statement-breakpoint
ALTER TABLE "category_image_renditions" ADD CONSTRAINT "category_image_renditions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;