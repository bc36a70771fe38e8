CREATE TABLE "chain_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar NOT NULL,
	"kind" varchar NOT NULL,
	"chain_id" integer NOT NULL,
	"signer" varchar NOT NULL,
	"params" jsonb NOT NULL,
	"depends_on" integer,
	"status" varchar DEFAULT 'queued' NOT NULL,
	"to_address" varchar,
	"data" text,
	"value_wei" varchar DEFAULT '0' NOT NULL,
	"nonce" integer,
	"raw_tx" text,
	"tx_hash" varchar,
	"block_number" integer,
	"gas_used" varchar,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"broadcast_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_intents_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "chain_signers" (
	"chain_id" integer NOT NULL,
	"address" varchar NOT NULL,
	"next_nonce" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chain_intents_status_idx" ON "chain_intents" USING btree ("signer","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_intents_nonce_uq" ON "chain_intents" USING btree ("chain_id","signer","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_intents_tx_hash_uq" ON "chain_intents" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_signers_pk" ON "chain_signers" USING btree ("chain_id","address");