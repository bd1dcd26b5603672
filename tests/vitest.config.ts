import { defineConfig } from 'vitest/config';

/** Checks over the whole repository: module boundaries, imports, cycles, the message catalogue. */
export default defineConfig({
  test: { environment: 'node', include: ['**/*.test.ts'], testTimeout: 120_000 },
});
