import { defineConfig, devices } from '@playwright/test'

// Browser tests drive Debian's Chromium, as its headless shell (scripts/ensure-chromium.sh says why; CHROMIUM_PATH
// picks another build). Each worker starts its own Cash server (a free port, or E2E_PORT + its index) on
// a fresh seeded in-memory database: see e2e/support/fixtures.ts. Timeouts leave room for a machine 3× slower
// than a quiet one; nothing waits on real time (the specs move the server's clock).
const chrome = { ...devices['Desktop Chrome'], channel: undefined }

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    // Recording every test's trace, to keep a failure's, cost about a quarter of the browser run on this 2-core
    // machine (DOM snapshots and screencast frames at every action). A failure keeps its error context (the page's
    // accessibility snapshot) and a screenshot; to debug one step by step, run it again with E2E_TRACE=on (or --trace
    // on).
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure' | 'on-first-retry',
    screenshot: 'only-on-failure',
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
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
  // The baseline checks the seeded personas' balances: its worker has a server of its own, where nothing ran
  // before it, so it needs to wait for nothing.
  projects: [
    { name: 'baseline', testMatch: 'sign-in-and-home.spec.ts', use: chrome },
    { name: 'flows', testIgnore: 'sign-in-and-home.spec.ts', use: chrome },
  ],
})
