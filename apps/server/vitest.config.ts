import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // tests read the contracts' sources, so a stale build can never hide a change
  resolve: { alias: { '@rrp/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker loads the app's modules once for all the files it runs instead of once per file
    // (~3 s of imports a file). Each file still builds its own app on a fresh database, and no
    // module keeps state that outlives the database it was built on (docs/testing.md).
    isolate: false,
  },
});
