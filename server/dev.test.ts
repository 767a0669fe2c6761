import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { Server } from '../scripts/cash-process'
import { freePort } from './testing/free-port'

// `npm run dev` (server/dev.ts): the same server, with pages from source through Vite's dev server.
it('npm run dev serves the pages from source, their modules compiled on ' +
  'request, allowed by the page’s policy; the API answers beside them', async () => {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'cash-dev-'))
  const server = new Server(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: join(dataDir, 'data'),
      CASH_ENV: 'development',
      LOG_LEVEL: 'warn',
      JOBS: 'off',
    },
    port,
    'server/dev.ts',
  )
  try {
    await server.start()
    const base = `http://127.0.0.1:${port}/app/cash`
    const page = await fetch(`${base}/sign-in`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<script type="module" src="/app/cash/host/main.tsx"></script>')
    expect(html).toContain('/app/cash/@vite/client')
    // Vite's inline start-up script runs: its hash is in the page's script-src.
    const preamble = /<script type="module">([\s\S]*?)<\/script>/.exec(html)![1]!
    const hash = `'sha256-${createHash('sha256').update(preamble).digest('base64')}'`
    expect(page.headers.get('content-security-policy')).toContain(hash)
    const entry = await fetch(`${base}/host/main.tsx`)
    expect(entry.headers.get('content-type')).toMatch(/javascript/)
    expect(await entry.text()).not.toContain('<!doctype html>')
    expect((await fetch(`${base}/webview/home`)).headers.get('content-type')).toMatch(/text\/html/)
    expect(await (await fetch(`${base}/api/v1/health/live`)).json()).toEqual({ status: 'ok' })
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 240_000)
