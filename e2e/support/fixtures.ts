import { test as base, expect, type BrowserContext, type Page, type Response } from '@playwright/test'
import { DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { startCashServer, workerPort, type CashServer } from './cash-server'
import { nativeSession, setWorkerServer } from './sessions'

export { expect }

/** Moves the server's clock and the test's pages together (see POST /sandbox/clock). */
export type ServerClock = {
  /** Moves the clock forward by `seconds` and returns once every job then due has run. */
  advance(seconds: number): Promise<void>
}

/** Advances the worker server's clock, runs what fell due there, and moves the pages' clocks as far. */
export async function advanceServerClock(
  server: CashServer,
  seconds: number,
  contexts: BrowserContext[],
): Promise<void> {
  const admin = persona('admin')
  const res = await fetch(`${server.baseURL}/app/cash/api/v1/sandbox/clock`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${(await nativeSession(admin.email, DEMO_PASSWORD)).token}`,
    },
    body: JSON.stringify({ advanceSeconds: seconds }),
  })
  expect(res.status, `POST /sandbox/clock: ${await res.clone().text()}`).toBe(200)
  server.offsetMs = ((await res.json()) as { offsetSeconds: number }).offsetSeconds * 1000
  for (const context of contexts) await context.clock.fastForward(seconds * 1000)
}

/**
 * A page the server drew arrives inert until its code has taken it over (server/http/first-screen.ts): a person
 * cannot type into it before then, but Playwright's fill() can, and what it typed is reset when React takes over.
 * So every page of every context waits, after goto and reload, until the page it landed on is live.
 */
function waitUntilLive(page: Page) {
  for (const method of ['goto', 'reload'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>
    ;(page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args)
      await page.waitForFunction(() => !document.querySelector('#root[inert]'))
      return response
    }
  }
}

/**
 * Every worker runs its own Cash server (on a free port, or E2E_PORT + the worker's index) on its own fresh, seeded
 * in-memory database; a worker that restarts after a failure starts a fresh one. Every page reads the
 * server's clock, so countdowns drawn by a page agree with the server after the clock moves.
 */
export const test = base.extend<{ serverClock: ServerClock }, { cashServer: CashServer }>({
  cashServer: [
    async ({}, use, workerInfo) => {
      const server = await startCashServer(await workerPort(workerInfo.parallelIndex))
      setWorkerServer(server)
      try {
        await use(server)
      } finally {
        setWorkerServer(undefined)
        await server.stop()
      }
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const context = await newContext(options)
        context.on('page', waitUntilLive)
        return context
      }
      await use(browser)
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ cashServer }, use) => {
    await use(cashServer.baseURL)
  },
  context: async ({ context, cashServer }, use) => {
    await context.clock.install({ time: Date.now() + cashServer.offsetMs })
    await use(context)
  },
  serverClock: async ({ cashServer, context }, use) => {
    await use({ advance: (seconds) => advanceServerClock(cashServer, seconds, [context]) })
  },
})
