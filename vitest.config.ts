import { defineConfig } from 'vitest/config';

/** Root Vitest config: one run over every unit/integration suite (e2e runs in Playwright). */
export default defineConfig({
  test: { projects: ['packages/domain', 'apps/server', 'packages/contracts', 'apps/web'] },
});
