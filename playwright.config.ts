import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './test/support/chromium'

/**
 * Browser tests drive the real UI through the web host in Chromium. Electron itself cannot be driven where no Electron
 * binary can be installed; see test/e2e/electron.spec.ts for the desktop checks that run where it can.
 */
export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  // The run gets its own TMPDIR; files left in it or processes still running at the end fail the run, named.
  globalSetup: './test/support/playwright-global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
})
