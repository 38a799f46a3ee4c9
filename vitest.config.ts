import { defineConfig } from 'vitest/config';

// One runner, three projects: the contract and the server run in Node, the web app in jsdom.
export default defineConfig({
  test: {
    // Two cores: two test files at a time (each server file holds its own PGlite instance).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // Ceilings, not targets: some tests start a second app or a server process, which on a loaded
          // two-core machine can take tens of seconds.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          // Whole-app renders; on a shared two-core machine under load the default 5 s is too tight.
          testTimeout: 30_000,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
