CREATE TABLE "earnings_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_key" varchar NOT NULL,
	"account" varchar NOT NULL,
	"user_id" varchar,
	"kind" varchar NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	"payment_id" integer,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "intent" jsonb;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "earnings_ledger" ADD CONSTRAINT "earnings_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_ledger" ADD CONSTRAINT "earnings_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_ledger_entry_account_uq" ON "earnings_ledger" USING btree ("entry_key","account");--> statement-breakpoint
CREATE INDEX "earnings_ledger_user_idx" ON "earnings_ledger" USING btree ("user_id");