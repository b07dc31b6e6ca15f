import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages export their TypeScript source under the 'source' condition.
  resolve: { conditions: ['source'] },
  test: {
    name: 'backoffice',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
