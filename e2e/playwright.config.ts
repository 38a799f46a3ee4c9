import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/backoffice-e2e-data';
/** Shared with the journeys through pages/platform-feed.ts. */
export const INGEST_TOKEN = 'e2e-platform-feed-token-0123456789abcdef';

/**
 * Journeys against the real server (built web app, embedded database seeded in demo mode) in Debian's
 * Chromium. The server starts on a fresh data folder each run.
 */
export default defineConfig({
  testDir: './journeys',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node ./start-server.mjs`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DAYS: '14',
      DEMO_TX_PER_DAY: '60',
      SIMULATOR: 'false',
      LOG_LEVEL: 'warn',
      SESSION_IDLE_MINUTES: '60',
      // The journeys play the payment platform through its feed (POST /api/ingest/…).
      INGEST_TOKEN,
      // The sandbox gas price walks past 60 gwei now and then; a journey's sweep must not depend on the hour.
      ETH_MAX_GAS_GWEI: '1000',
    },
  },
});
