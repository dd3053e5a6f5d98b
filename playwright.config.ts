import { defineConfig, devices } from '@playwright/test'
import { existsSync, readFileSync } from 'node:fs'
import { BROWSER_PATH_FILE } from './scripts/cachePaths.mjs'

/** Written by scripts/ensure-browser.mjs, which `npm run test:e2e` runs first. */
function browserFound(): string | undefined {
  return existsSync(BROWSER_PATH_FILE) ? readFileSync(BROWSER_PATH_FILE, 'utf8').trim() : undefined
}

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  // Each worker starts its own demo API and dashboard servers (e2e/support/fixtures.ts): nothing is shared.
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Several tests reload and walk pages against two servers that index as they go: room for a busy machine.
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['./e2e/support/summaryReporter.ts']],
  use: {
    ...devices['Desktop Chrome'],
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? browserFound() ?? '/usr/bin/chromium',
    },
    trace: 'retain-on-failure',
  },
})
