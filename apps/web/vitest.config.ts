import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // jsdom suites are CPU-bound and independent: one per core (the default leaves one core idle)
    maxWorkers: 2,
    testTimeout: 45_000,
    restoreMocks: true,
  },
});
