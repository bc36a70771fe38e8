CREATE INDEX "avatars_market_featured_idx" ON "avatars" USING btree ("featured","created_at","id") WHERE is_active and price_eth is not null;--> statement-breakpoint
CREATE INDEX "avatars_market_price_idx" ON "avatars" USING btree ("price_eth","id") WHERE is_active and price_eth is not null;--> statement-breakpoint
CREATE INDEX "avatars_market_level_idx" ON "avatars" USING btree ("level","experience_points","id") WHERE is_active and price_eth is not null;--> statement-breakpoint
CREATE INDEX "avatars_market_xp_idx" ON "avatars" USING btree ("experience_points","id") WHERE is_active and price_eth is not null;--> statement-breakpoint
CREATE INDEX "avatars_market_name_trgm_idx" ON "avatars" USING gin ("name" gin_trgm_ops) WHERE is_active and price_eth is not null;--> statement-breakpoint
CREATE INDEX "avatars_market_description_trgm_idx" ON "avatars" USING gin ("description" gin_trgm_ops) WHERE is_active and price_eth is not null;--> statement-breakpoint
CREATE INDEX "skill_transactions_listing_idx" ON "skill_transactions" USING btree ("listing_id");