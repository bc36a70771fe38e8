import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contracts',
    include: ['src/**/*.test.ts'],
    // Starts a real anvil and deploys four contracts.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
