import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Where the dev and preview servers forward /api; the Fastify server's default address unless overridden.
const apiTarget = process.env.BO_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The dev server forwards both services and the live feeds to the local Fastify server.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code, so a chunk of their own stays cached across releases.
        // Only the ones every page needs (React, the router, the query cache, zod) are grouped: a group is
        // loaded whole, and grouping Mantine or the icons would put every screen's components into the login
        // page's download (ADR 0012). The rest split along the lazy routes.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand|zod)[\\/]/,
            },
            { name: 'ui-initial', test: /node_modules[\\/]/, tags: ['$initial'] },
            { name: 'ui', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
