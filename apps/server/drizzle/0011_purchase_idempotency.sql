-- issue 12 item 5: at most one open order per (buyer avatar, skill) and per (buyer, series). Older
-- duplicates left by the time before the unique indexes are expired first (they would block them).
UPDATE "payments" p SET "status" = 'expired', "failure_message" = 'Superseded by a newer open order' WHERE p."kind" = 'skill' AND p."status" in ('processing', 'requires_retry', 'requires_payment', 'succeeded') AND EXISTS (SELECT 1 FROM "payments" q WHERE q."kind" = 'skill' AND q."status" in ('processing', 'requires_retry', 'requires_payment', 'succeeded') AND q."buyer_avatar_id" = p."buyer_avatar_id" AND q."skill_id" = p."skill_id" AND q."id" > p."id");--> statement-breakpoint
UPDATE "payments" p SET "status" = 'expired', "failure_message" = 'Superseded by a newer open order' WHERE p."kind" = 'avatar' AND p."status" in ('processing', 'requires_retry', 'requires_payment', 'succeeded') AND EXISTS (SELECT 1 FROM "payments" q WHERE q."kind" = 'avatar' AND q."status" in ('processing', 'requires_retry', 'requires_payment', 'succeeded') AND q."user_id" = p."user_id" AND q."series_avatar_id" = p."series_avatar_id" AND q."id" > p."id");--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" varchar NOT NULL,
	"key" varchar NOT NULL,
	"route" varchar NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_uq" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_skill_order_uq" ON "payments" USING btree ("buyer_avatar_id","skill_id") WHERE kind = 'skill' and status in ('processing', 'requires_retry', 'requires_payment', 'succeeded');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_edition_order_uq" ON "payments" USING btree ("user_id","series_avatar_id") WHERE kind = 'avatar' and status in ('processing', 'requires_retry', 'requires_payment', 'succeeded');