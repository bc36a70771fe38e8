import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates SQL migrations from the schema into ./drizzle (applied at start-up). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
