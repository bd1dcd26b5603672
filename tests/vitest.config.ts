import { defineConfig } from 'vitest/config';

/** Checks over the whole repository: module boundaries, imports, cycles, the message catalogue. */
export default defineConfig({
  // the local cluster's test starts real services: its own config, run by scripts/test-all.sh
  test: { environment: 'node', include: ['**/*.test.ts'], exclude: ['cluster/**', '**/node_modules/**'], testTimeout: 120_000 },
});
