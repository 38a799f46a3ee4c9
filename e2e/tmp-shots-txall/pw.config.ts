import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.',
  workers: 1,
  timeout: 120_000,
  use: {
    baseURL: 'http://127.0.0.1:3352',
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] },
  },
});
