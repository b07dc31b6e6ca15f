import { defineConfig } from 'vitest/config';

// One runner, several projects: `npm test` picks them in tiers (unit, integration, e2e).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: { name: 'server-unit', root: 'apps/server', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server-integration',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          // One embedded database per worker is ~700 MB and 2 s to start: keep it to one file at a time.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['tests/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
