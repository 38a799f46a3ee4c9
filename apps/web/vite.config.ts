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
        // Libraries change less often than our code; separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine/ },
            { name: 'altcha', test: /node_modules[\\/]altcha/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
