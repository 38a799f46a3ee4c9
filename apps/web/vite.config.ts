import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

// Where the dev and preview servers forward /api; the Fastify server's default address unless overridden.
const apiTarget = process.env.BO_API_TARGET ?? 'http://127.0.0.1:3000';

/** Where the server finds which chunks each address prefix needs (apps/server/src/plugins/web-app.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The chunks an address needs beyond the entry's, written for the server: an admin address opened from a
 * bookmark or a reload then asks for the shell and the dashboard in the HTML, while the entry chunk is still
 * being compiled, instead of once the app has started (ADR 0012). The login page stays without them.
 */
function routePreloads(routes: Record<string, string[]>): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route-preloads: no entry chunk');
      // The entry's static imports are in index.html already.
      const inHtml = new Set([entry.fileName, ...entry.imports]);
      const withImports = (file: string, into: Set<string>) => {
        if (into.has(file) || inHtml.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
      };
      const preloads: Record<string, string[]> = {};
      for (const [prefix, modules] of Object.entries(routes)) {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(import.meta.dirname, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) throw new Error(`route-preloads: no chunk starts at ${module}`);
          withImports(chunk.fileName, files);
        }
        preloads[prefix] = [...files].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

/**
 * React Router's package exports name only its development build, whose route matching runs dev-only
 * checks and warnings (remix-run/react-router#14102, #14753). The build uses the production build the
 * package ships beside it; `vite` (dev) and the tests keep the development one.
 */
const reactRouterProduction = path.resolve(
  import.meta.dirname,
  '../../node_modules/react-router/dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [
    react(),
    routePreloads({
      '/admin': [
        'src/lib/api/call-tables.ts',
        'src/app/layouts/admin-layout.tsx',
        'src/app/screens/dashboard-screen.tsx',
      ],
    }),
  ],
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
        // Only the ones every page needs (React, the router) are grouped: a group is loaded whole, and
        // grouping Mantine or the icons would put every screen's components into the login page's download
        // (ADR 0012). For the same reason the query cache and zod, which the login page does without, are
        // groups of their own. The rest split along the lazy routes. Higher priorities are tried first.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|zustand)[\\/]/,
              priority: 50,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 40 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 30 },
            // The charts (Coin Health, AltCoin Stats) and what recharts brings: ~400 kB that no other screen
            // needs, so not in the shared lazy group below, which every lazy screen loads whole.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|@mantine[\\/]charts|victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light|react-redux|@reduxjs|redux|redux-thunk|reselect)[\\/]/,
              priority: 15,
            },
            // The rich text editor (Email Marketing, News): TipTap and ProseMirror, ~450 kB, loaded with the
            // first editor shown (ADR 0023), for the same reason.
            {
              name: 'editor',
              test: /node_modules[\\/](@tiptap|@mantine[\\/]tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/,
              priority: 15,
            },
            { name: 'ui-initial', test: /node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            { name: 'ui', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
}));
