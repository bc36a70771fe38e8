CREATE TABLE "payment_events" (
	"id" varchar PRIMARY KEY NOT NULL,
	"type" varchar NOT NULL,
	"payment_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" varchar NOT NULL,
	"idempotency_key" varchar NOT NULL,
	"kind" varchar NOT NULL,
	"series_avatar_id" integer,
	"listing_id" integer,
	"skill_id" integer,
	"buyer_avatar_id" integer,
	"provider" varchar NOT NULL,
	"provider_payment_id" varchar,
	"amount_wei" varchar NOT NULL,
	"amount_usd_cents" integer NOT NULL,
	"currency" varchar DEFAULT 'usd' NOT NULL,
	"card_brand" varchar,
	"card_last4" varchar,
	"status" varchar DEFAULT 'processing' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure_message" text,
	"transaction_hash" varchar,
	"token_id" integer,
	"skill_transaction_id" integer,
	"payout_status" varchar,
	"payout_tx_hash" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "payments_transaction_hash_unique" UNIQUE("transaction_hash")
);
--> statement-breakpoint
ALTER TABLE "skill_listings" ADD COLUMN "chain_listing_id" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_series_avatar_id_avatars_id_fk" FOREIGN KEY ("series_avatar_id") REFERENCES "public"."avatars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_listing_id_skill_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."skill_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_buyer_avatar_id_avatars_id_fk" FOREIGN KEY ("buyer_avatar_id") REFERENCES "public"."avatars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_skill_transaction_id_skill_transactions_id_fk" FOREIGN KEY ("skill_transaction_id") REFERENCES "public"."skill_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_user_idempotency_uq" ON "payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_series_status_idx" ON "payments" USING btree ("series_avatar_id","status");--> statement-breakpoint
ALTER TABLE "skill_listings" ADD CONSTRAINT "skill_listings_chain_listing_id_unique" UNIQUE("chain_listing_id");