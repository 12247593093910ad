ALTER TABLE "flash_sales" DROP COLUMN "total_stock";--> statement-breakpoint
ALTER TABLE "flash_sales" DROP COLUMN "sold_count";