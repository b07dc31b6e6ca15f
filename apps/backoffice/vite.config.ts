import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://127.0.0.1:3000';

/** The back-office app: served by the platform under /bo-app/ (apps/server/src/app.ts), calls go to /bo. */
export default defineConfig({
  base: '/bo-app/',
  plugins: [react()],
  // Workspace packages export their TypeScript source under the 'source' condition (dist/ is for plain Node).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // @sb/contract's modules only declare constants and zod schemas: CALLS' paths come without zod's weight.
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contract/') },
    },
  },
  server: { proxy: { '/bo': backend, '/ws': { target: backend, ws: true } } },
});
