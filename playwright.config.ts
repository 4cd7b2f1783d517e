import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the demo app in Debian's Chromium. `scripts/e2e.sh`
 * serves the production build from the backend and runs these twice: tests
 * tagged `@guest` signed in as the guest, tests tagged `@platform` with
 * app-config.platform-admin.yaml; then it starts the README's start command
 * (development servers) for the tests tagged `@smoke`. PLAYWRIGHT_URL says
 * which app. Playwright never downloads a browser here.
 */
const outputDir = process.env.FLOTILLA_E2E_OUTPUT ?? 'test-results/e2e';

export default defineConfig({
  testDir: 'packages/app/e2e-tests',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  outputDir,
  use: {
    baseURL: process.env.PLAYWRIGHT_URL ?? 'http://localhost:3000',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    viewport: { width: 1440, height: 1000 },
    launchOptions: {
      executablePath: process.env.FLOTILLA_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
