import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)

// Browser tests drive Debian's Chromium against the real server on a fresh in-memory database.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // The baseline checks the seeded personas' balances before any flow moves their money.
  projects: [
    { name: 'baseline', testMatch: 'sign-in-and-home.spec.ts', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'flows', testIgnore: 'sign-in-and-home.spec.ts', dependencies: ['baseline'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/app/cash/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: ':memory:', CASH_ENV: 'test', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000', WITHDRAWAL_DELAY_SECONDS: '8', CONVERT_QUOTE_TTL_SECONDS: '6', EARN_SETTLEMENT_SECONDS: '4' },
  },
})
