import { defineConfig } from 'vitest/config';

/** Workspace packages export their TypeScript source under the 'source' condition (dist/ is for plain Node). */
const source = { resolve: { conditions: ['source'] }, ssr: { resolve: { conditions: ['source'] } } };

// One runner, several projects: `npm test` picks them in tiers (unit, integration, e2e).
export default defineConfig({
  test: {
    projects: [
      { ...source, test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { ...source, test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        ...source,
        test: { name: 'server-unit', root: 'apps/server', include: ['src/**/*.test.ts'] },
      },
      {
        ...source,
        test: {
          name: 'server-integration',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          // One file at a time: an embedded database per worker is ~700 MB and 2 s to start, and the suite is
          // CPU-bound on two cores (two workers: 1,481 s against 1,579 s one at a time, within the machine's
          // noise; each fuzz file took twice as long beside the other).
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...source,
        test: { name: 'provider-sim', root: 'apps/provider-sim', include: ['src/**/*.test.ts'] },
      },
      // The benches' own load client (its HTTP framing and connection handling).
      { ...source, test: { name: 'bench', root: 'bench', include: ['src/**/*.test.ts'] } },
      'apps/web/vitest.config.ts',
      'apps/backoffice/vitest.config.ts',
      {
        ...source,
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
