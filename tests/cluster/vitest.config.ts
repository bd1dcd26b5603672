import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The local cluster (scripts/cluster.mjs) started, used and stopped: only on request,
 * `npx vitest run --config tests/cluster/vitest.config.ts`. The repository checks
 * (`vitest run --root tests`) see the file too but skip it without RRP_CLUSTER_TEST.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['cluster.test.ts'],
    env: { RRP_CLUSTER_TEST: '1' },
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
