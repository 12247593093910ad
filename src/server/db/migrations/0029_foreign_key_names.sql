-- Foreign keys of 0028 get the names the schema gives them, so the schema's snapshots describe the database.
ALTER TABLE "organisation_member_departments" RENAME CONSTRAINT "organisation_member_departments_member_id_fkey" TO "organisation_member_departments_member_id_organisation_members_id_fk";--> statement-breakpoint
ALTER TABLE "organisation_member_departments" RENAME CONSTRAINT "organisation_member_departments_department_id_fkey" TO "organisation_member_departments_department_id_organisation_departments_id_fk";--> statement-breakpoint
ALTER TABLE "order_requests" RENAME CONSTRAINT "order_requests_organisation_id_fkey" TO "order_requests_organisation_id_organisations_id_fk";--> statement-breakpoint
ALTER TABLE "order_requests" RENAME CONSTRAINT "order_requests_requested_by_fkey" TO "order_requests_requested_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "order_requests" RENAME CONSTRAINT "order_requests_department_id_fkey" TO "order_requests_department_id_organisation_departments_id_fk";--> statement-breakpoint
ALTER TABLE "order_requests" RENAME CONSTRAINT "order_requests_decided_by_fkey" TO "order_requests_decided_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "order_requests" RENAME CONSTRAINT "order_requests_order_id_fkey" TO "order_requests_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "organisation_departments" RENAME CONSTRAINT "organisation_departments_organisation_id_fkey" TO "organisation_departments_organisation_id_organisations_id_fk";--> statement-breakpoint
ALTER TABLE "organisation_orders" RENAME CONSTRAINT "organisation_orders_order_id_fkey" TO "organisation_orders_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "organisation_orders" RENAME CONSTRAINT "organisation_orders_organisation_id_fkey" TO "organisation_orders_organisation_id_organisations_id_fk";--> statement-breakpoint
ALTER TABLE "organisation_orders" RENAME CONSTRAINT "organisation_orders_department_id_fkey" TO "organisation_orders_department_id_organisation_departments_id_fk";--> statement-breakpoint
ALTER TABLE "spending_limits" RENAME CONSTRAINT "spending_limits_organisation_id_fkey" TO "spending_limits_organisation_id_organisations_id_fk";--> statement-breakpoint
ALTER TABLE "spending_limits" RENAME CONSTRAINT "spending_limits_member_id_fkey" TO "spending_limits_member_id_organisation_members_id_fk";--> statement-breakpoint
ALTER TABLE "spending_limits" RENAME CONSTRAINT "spending_limits_department_id_fkey" TO "spending_limits_department_id_organisation_departments_id_fk";
