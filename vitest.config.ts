import { defineConfig } from 'vitest/config';

/**
 * Root Vitest config: one run over every unit/integration suite (e2e runs in Playwright). Test files
 * run on every core: Vitest's default leaves one idle (`cores - 1`), which on a 2-core machine runs
 * the suites one file at a time (the server project: 966 s with one worker, 557 s with two).
 */
export default defineConfig({
  test: { projects: ['packages/domain', 'apps/server', 'packages/contracts', 'apps/web'], maxWorkers: '100%' },
});
