// End-to-end tests against the built site in public/, served on 127.0.0.1.
// Chromium: CHROME_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromePath } from './scripts/lib/tools.mjs';

const port = Number(process.env.E2E_PORT ?? 4317);
const executablePath = chromePath();

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node scripts/serve.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
  },
});
