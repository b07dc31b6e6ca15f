import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  // Workspace packages export their TypeScript source under the 'source' condition (dist/ is for plain Node).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // scripts/bundle-size.mjs reads the manifest to report what the home route loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @sb/contract's modules only declare constants and zod schemas. Marking them free of side effects
        // lets the home chunk take ERRORS (errors.ts) without pulling zod in through account.ts.
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/bo': backend,
      '/healthz': backend,
      '/cache': backend,
      '/ws': { target: backend, ws: true },
    },
  },
});
